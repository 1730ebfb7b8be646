import { useId } from 'react'
import { useT } from '../../../lib/i18n'
import type { LoginProps } from '../model/types'
import { Field, FormError } from './Field'
import './account.css'

/**
 * The owner login: an address and a password, posted to the page as a plain
 * HTML form; refused, the page comes back with the form's error
 * (forms.error.ownerLogin, or forms.error.loginLocked past the brakes) and
 * the address typed.
 */
export function LoginPage({ title, action, errors, form }: LoginProps) {
  const t = useT()
  const uid = useId()
  const typed = form?.values?.email
  return (
    <div className="page account-page">
      <div className="container">
        <h1>{title}</h1>
        <div className="account-card">
          <p>{t('account.login.intro')}</p>
          <form method="post" action={action} noValidate>
            <FormError error={errors?.form} />
            <Field
              id={`${uid}-email`}
              name="email"
              type="email"
              autoComplete="username"
              label={t('account.login.email')}
              error={errors?.email}
              defaultValue={typeof typed === 'string' ? typed : undefined}
            />
            <Field id={`${uid}-password`} name="password" type="password" autoComplete="current-password" label={t('account.login.password')} />
            <button className="button" type="submit">
              {t('account.login.submit')}
            </button>
          </form>
        </div>
      </div>
    </div>
  )
}
