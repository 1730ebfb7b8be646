import { useSay } from '../model/texts'
import { Link } from '../../../lib/router'
import type { AccountProps } from '../model/types'
import { FormError } from './FormError'
import { CardPage, NewPasswordFields } from '../../../shared/plainforms'
import { useElementId } from '../../../lib/hydration/ids'

/**
 * The page a password link opens (an owner's invitation): the password and
 * its confirmation, posted with the link's token as a plain HTML form; the
 * link unknown, used or expired, a page saying so.
 */
export function PasswordPage({ texts, title, state, token, email, action, login, errors }: AccountProps) {
  const t = useSay(texts)
  const uid = useElementId()
  return (
    <CardPage look="account" title={title}>
      {state === 'unknown' && (
        <>
          <p role="alert">{t('account.password.unknown')}</p>
          <p>{t('account.password.unknownHint')}</p>
          <p>
            <Link href={login ?? action} className="button">
              {t('account.password.toLogin')}
            </Link>
          </p>
        </>
      )}
      {state === 'failed' && <p role="alert">{t('account.password.failed')}</p>}
      {state !== 'unknown' && (
        <form method="post" action={action} noValidate>
          <p>{t('account.password.intro')}</p>
          <FormError error={errors?.form} say={t} />
          <input type="hidden" name="token" value={token ?? ''} />
          {/* The username, for the browser's password manager. */}
          <input type="email" name="email" autoComplete="username" value={email ?? ''} readOnly hidden />
          <NewPasswordFields uid={uid} labels={[t('account.password.password'), t('account.password.confirm')]} hint={t('account.password.rule')}
            errors={errors} say={t} look="account" />
          <button className="button" type="submit">
            {t('account.password.submit')}
          </button>
        </form>
      )}
    </CardPage>
  )
}
