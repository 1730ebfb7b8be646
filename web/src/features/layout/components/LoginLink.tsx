import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { Shell } from '../../../lib/site/types'
import { useViewerRole } from '../../../lib/viewer'

/**
 * The header's account link: "Log in" as the server renders it for
 * everyone, "My account" (a registrant's area) or "My portal" (an owner's)
 * once the browser knows who is logged in.
 */
export function LoginLink({ links, className }: { links: Shell['links']; className: string }) {
  const t = useT()
  const role = useViewerRole()
  if (role === 'registrant' && links.account) {
    return <Link href={links.account} className={className}>{t('layout.account')}</Link>
  }
  if (role === 'owner' && links.owner) {
    return <Link href={links.owner} className={className}>{t('layout.ownerPortal')}</Link>
  }
  return <Link href={links.login} className={className}>{t('layout.login')}</Link>
}
