import type { ErrorProps } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { Shell } from '../../../shared/frame'
import { texts } from '../../../shared/texts'

/**
 * The inbox's not-found, forbidden and failure pages, each with a way on: the login when nobody is logged in, the
 * leads (the menu's first section) for staff. A file opened without a staff session says to log in.
 */
export function ErrorPage(props: ErrorProps) {
  const t = texts(props)
  if (props.signedOut && props.login) {
    return (
      <Shell base={props} title={t('admin.error.signedOut')}>
        <p>{t('admin.error.signedOutHelp')}</p>
        <p><Link href={props.login}>{t('admin.login.submit')}</Link></p>
      </Shell>
    )
  }
  const key = props.status === 404 ? 'admin.error.notFound' : props.status === 403 ? 'admin.error.forbidden' : 'admin.error.failure'
  return (
    <Shell base={props} title={t(key)}>
      {props.reason && <p>{t(props.reason)}</p>}
      {props.login ? <p><Link href={props.login}>{t('admin.login.submit')}</Link></p>
        : props.nav?.[0] && <p><Link href={props.nav[0].href}>{t(props.nav[0].label)}</Link></p>}
    </Shell>
  )
}
