import { deferredForm } from '../../../shared/forms/lazy'
import { useSay } from '../model/texts'
import type { DemandRegisterProps } from '../model/types'
import './demand.css'

/** The form, with the forms kit a chunk of its own: loaded when the visitor turns to it (the focus or a pointer). */
const DemandRegisterForm = deferredForm(() => import('./DemandRegisterForm'))

/**
 * The demand register (SPEC §2, §3): what the visitor looks for — to buy or
 * rent, the property types, the regions (on the map or in the list beside
 * it), the budget and rooms — then who they are and the password of the
 * account that keeps the search. It posts to its own address; the server
 * answers with the thank-you page (the same for an address registered
 * already: the mail tells the difference) or this page with the errors.
 */
export function DemandRegisterPage({ texts, title, search, login }: DemandRegisterProps) {
  const say = useSay(texts)
  return (
    <div className="page demand-page">
      <div className="container">
        <h1>{title}</h1>
        <p className="demand-intro">{say('registrant.register.intro')}</p>
        <p className="demand-login">
          {say('registrant.register.already')} <a href={login}>{say('registrant.register.loginLink')}</a>
        </p>
        <DemandRegisterForm texts={texts} search={search} />
      </div>
    </div>
  )
}
