import type { AccountProps } from '../model/types'
import { LoginPage } from './LoginPage'
import { OwnerPage } from './OwnerPage'
import { PasswordPage } from './PasswordPage'
import './account.css'

/**
 * The owners' pages, one view (one lazy chunk in the web app): the login,
 * the page a password link opens, the portal's overview. Their words come
 * in their props (texts), not in the web app's translations.
 */
export function AccountPage(props: AccountProps) {
  switch (props.page) {
    case 'password':
      return <PasswordPage {...props} />
    case 'portal':
      return <OwnerPage {...props} />
    default:
      return <LoginPage {...props} />
  }
}
