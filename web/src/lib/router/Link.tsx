import { useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react'
import { useRouter } from './context'
import { isPlainClick, PREFETCH_DELAY, routable } from './delegate'
import type { VisitOptions } from './types'

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> &
  Pick<VisitOptions, 'replace' | 'preserveScroll' | 'preserveState'> & {
    href: string
    /** Prefetch on hover (after 75 ms) and on touch start. Default true. */
    prefetch?: boolean
  }

/** A plain <a> whose left click becomes a router visit. */
export function Link({ href, replace, preserveScroll, preserveState, prefetch = true, ...rest }: LinkProps) {
  const router = useRouter()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // No router (the server's render): a plain link, without the handlers React would only skip there.
  if (!router) return <a {...rest} href={href} />
  const local = () => routable(router, href, rest.target, rest.download !== undefined)

  function onClick(e: MouseEvent<HTMLAnchorElement>) {
    rest.onClick?.(e)
    if (!isPlainClick(e) || !local()) return
    e.preventDefault()
    clearTimeout(timer.current)
    void router!.visit(href, { replace, preserveScroll, preserveState })
  }
  function onMouseEnter(e: MouseEvent<HTMLAnchorElement>) {
    rest.onMouseEnter?.(e)
    if (prefetch && local()) timer.current = setTimeout(() => router!.prefetch(href), PREFETCH_DELAY)
  }
  function onMouseLeave(e: MouseEvent<HTMLAnchorElement>) {
    rest.onMouseLeave?.(e)
    clearTimeout(timer.current)
  }

  return (
    <a
      {...rest}
      href={href}
      onClick={onClick}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
      onTouchStart={(e) => { rest.onTouchStart?.(e); if (prefetch && local()) router!.prefetch(href) }}
    />
  )
}
