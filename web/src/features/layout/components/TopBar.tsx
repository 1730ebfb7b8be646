import { LoginLink } from './LoginLink'
import type { Shell, SiteLink } from '../../../lib/site/types'
import type { CSSProperties } from 'react'
import { useDevice } from '../../../lib/device'
import { useT } from '../../../lib/i18n'
import { knownIcon } from '../../../lib/ui/icons'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { ServerMemo } from '../../../lib/memo/ServerMemo'

/**
 * The link bar above the header: desktop and tablet only. Phones do not get
 * it at all once the device setting knows the device (useDevice().topBarShow); before hydration the
 * stylesheet hides it there, so it never flashes nor moves the page.
 */
export function TopBar({ site }: { site: Shell }) {
  const t = useT()
  const { topBarShow } = useDevice()
  const left = site.topBar?.left ?? []
  const right = site.topBar?.right ?? []
  const login = site.links?.login
  if (!topBarShow || (left.length + right.length === 0 && !login)) return null
  return (
    <ServerMemo as="div" className="topbar" part="topbar" deps={[left, right, login]}>
      <div className="container topbar-inner">
        <ul className="topbar-group" aria-label={t('layout.topBarContact')}>
          {left.map((l) => (
            <TopBarItem key={l.href + l.label} link={l} />
          ))}
        </ul>
        <ul className="topbar-group" aria-label={t('layout.topBarLinks')}>
          {right.map((l) => (
            <TopBarItem key={l.href + l.label} link={l} />
          ))}
          {/* The login link: here on a wide screen, in the drawer on a narrow one (Header). */}
          {login && (
            <li>
              <LoginLink links={site.links} className="topbar-login" />
            </li>
          )}
        </ul>
      </div>
    </ServerMemo>
  )
}

function TopBarItem({ link }: { link: SiteLink }) {
  const icon = knownIcon(link.icon)
  return (
    <li>
      <SmartLink href={link.href} lang={link.lang} data-icon={icon} style={icon && link.color ? ({ '--icon-color': link.color } as CSSProperties) : undefined}>
        {link.label}
      </SmartLink>
    </li>
  )
}
