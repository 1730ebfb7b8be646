import { useSay } from '../model/texts'
import type { AccountProps } from '../model/types'
import { FormError } from './FormError'
import { CardPage, LoginFields } from '../../../shared/plainforms'
import { useElementId } from '../../../lib/hydration/ids'

/**
 * The owner login: an address and a password, posted to the page as a plain
 * HTML form; refused, the page comes back with the form's error
 * (account.error.login, SPEC §8's owner message, or account.error.locked past the brakes) and
 * the address typed.
 */
export function LoginPage({ texts, title, action, errors, form, forgot, notice }: AccountProps) {
  const t = useSay(texts)
  const uid = useElementId()
  return (
    <CardPage look="account" title={title}>
      {notice && (
        <p className="owner-notice" role="status">
          {t(notice)}
        </p>
      )}
      <p>{t('account.login.intro')}</p>
      <form method="post" action={action} noValidate>
        <FormError error={errors?.form} say={t} />
        <LoginFields uid={uid} labels={[t('account.login.email'), t('account.login.password')]} error={errors?.email} typed={form?.values?.email} say={t} look="account" />
        <button className="button" type="submit">
          {t('account.login.submit')}
        </button>
      </form>
      {forgot && <p><a href={forgot}>{t('account.login.forgot')}</a></p>}
    </CardPage>
  )
}
