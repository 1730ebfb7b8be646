import { useId } from 'react'
import { useSay } from '../model/texts'
import type { AccountProps } from '../model/types'
import { Field, FormError } from './Field'
import { CardPage } from '../../../shared/plainforms'

/**
 * The owner login: an address and a password, posted to the page as a plain
 * HTML form; refused, the page comes back with the form's error
 * (account.error.login, SPEC §8's owner message, or account.error.locked past the brakes) and
 * the address typed.
 */
export function LoginPage({ texts, title, action, errors, form, forgot, notice }: AccountProps) {
  const t = useSay(texts)
  const uid = useId()
  const typed = form?.values?.email
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
        <Field say={t}
          id={`${uid}-email`}
          name="email"
          type="email"
          autoComplete="username"
          label={t('account.login.email')}
          error={errors?.email}
          defaultValue={typeof typed === 'string' ? typed : undefined}
        />
        <Field say={t} id={`${uid}-password`} name="password" type="password" autoComplete="current-password" label={t('account.login.password')} />
        <button className="button" type="submit">
          {t('account.login.submit')}
        </button>
      </form>
      {forgot && <p><a href={forgot}>{t('account.login.forgot')}</a></p>}
    </CardPage>
  )
}
