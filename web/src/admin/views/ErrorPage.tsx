import type { ErrorProps } from '../../gen/admin'
import { Link } from '../../lib/router'
import { Shell } from '../ui/Shell'
import { texts } from '../ui/texts'

/** The inbox's not-found, forbidden and failure pages. */
export function ErrorPage(props: ErrorProps) {
  const t = texts(props)
  const key = props.status === 404 ? 'admin.error.notFound' : props.status === 403 ? 'admin.error.forbidden' : 'admin.error.failure'
  return (
    <Shell base={props} title={t(key)}>
      {props.nav?.[0] && <p><Link href={props.nav[0].href}>{t(props.nav[0].label)}</Link></p>}
    </Shell>
  )
}
