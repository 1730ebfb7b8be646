import type { AnchorHTMLAttributes } from 'react'
import { opensNewTab } from '../links'
import { Link } from '../router'

export type SmartLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }

/**
 * Every link of the app: an external, tel: or mailto: address opens in a new
 * tab (lib/links.ts), any other is a router Link (a plain <a> whose click
 * becomes a visit).
 */
export function SmartLink({ href, ...rest }: SmartLinkProps) {
  if (opensNewTab(href)) return <a {...rest} href={href} target="_blank" rel="noopener" />
  return <Link {...rest} href={href} />
}
