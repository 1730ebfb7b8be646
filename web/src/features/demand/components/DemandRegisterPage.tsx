import { useCallback, useRef } from 'react'
import { Altcha, CheckboxField, CheckboxGroup, PersonFields, RadioGroup, TextField, VisitorForm } from '../../../shared/forms'
import { LAZY_FORMS } from '../../../gen/forms.lazy'
import { useT } from '../../../lib/i18n'
import { usePage } from '../../../lib/router'
import { useSay } from '../model/texts'
import type { DemandRegisterProps } from '../model/types'
import { SearchRanges } from './SearchFields'
import { ZoneMap } from './ZoneMap'
import './demand.css'

/** The anchor of the form: a refused post without JavaScript comes back to it. */
const ANCHOR = 'demand'

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
  const t = useT()
  const { url } = usePage()
  const zonesRef = useRef<HTMLDivElement>(null)
  const group = useCallback(() => zonesRef.current, [])
  const zones = search.zones ?? []
  return (
    <div className="page demand-page">
      <div className="container">
        <h1>{title}</h1>
        <p className="demand-intro">{say('registrant.register.intro')}</p>
        <p className="demand-login">
          {say('registrant.register.already')} <a href={login}>{say('registrant.register.loginLink')}</a>
        </p>
        <div id={ANCHOR} className="demand-card">
          <VisitorForm kind="demand-register" fields={LAZY_FORMS['demand-register']} action={`${url.split('#')[0]}#${ANCHOR}`} antiSpam={<Altcha />} submitLabel={say('registrant.register.submit')}>
            <fieldset className="demand-group">
              <legend>{say('registrant.register.search')}</legend>
              <RadioGroup
                name="purpose"
                label={say('registrant.register.purpose')}
                options={[
                  { value: 'buy', label: say('registrant.register.buy') },
                  { value: 'rent', label: say('registrant.register.rent') },
                ]}
              />
              <CheckboxGroup name="types" label={say('registrant.register.types')} options={(search.types ?? []).map((c) => ({ value: c.value, label: c.label }))} />
              <div className="demand-zones">
                <ZoneMap search={search} group={group} />
                <div ref={zonesRef}>
                  <CheckboxGroup
                    name="zones"
                    label={say('registrant.register.zones')}
                    hint={say('registrant.register.zonesHint')}
                    options={zones.map((z) => ({ value: z.id, label: z.name }))}
                  />
                </div>
              </div>
            </fieldset>
            <fieldset className="demand-group">
              <legend>{say('registrant.register.ranges')}</legend>
              <SearchRanges say={say} Field={TextField} />
            </fieldset>
            <fieldset className="demand-group">
              <legend>{say('registrant.register.you')}</legend>
              <PersonFields />
              <CheckboxGroup
                name="contactTime"
                label={say('registrant.register.contactTime')}
                options={(['morning', 'afternoon', 'evening'] as const).map((v) => ({ value: v, label: t(`forms.contactTime.${v}`) }))}
              />
              <CheckboxField name="newsletter" label={say('registrant.register.newsletter')} />
            </fieldset>
            <fieldset className="demand-group">
              <legend>{say('registrant.register.account')}</legend>
              <p className="demand-hint">{say('registrant.register.accountHint')}</p>
              <TextField name="password" type="password" autoComplete="new-password" label={say('registrant.register.password')} hint={say('registrant.register.passwordHint')} />
              <TextField name="passwordConfirm" type="password" autoComplete="new-password" label={say('registrant.register.passwordConfirm')} />
            </fieldset>
          </VisitorForm>
        </div>
      </div>
    </div>
  )
}
