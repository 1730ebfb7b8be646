import { useMemo, type MouseEvent, type PointerEvent } from 'react'
import { useRouter } from './context'
import type { Router } from './types'

/** How long a pointer rests on a link before its page is fetched ahead (Link and the containers alike). */
export const PREFETCH_DELAY = 75

/** A left click without a modifier that nothing has taken yet: the one a router visit replaces (the others open a tab, a window, a download). */
export function isPlainClick(e: Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey
}

/** Whether a link to href, with its target and download attribute, opens a page of this site in this tab: the router's to visit. */
export function routable(router: Router, href: string, target: string | null | undefined, download: boolean): boolean {
  return router.isLocal(href) && (!target || target === '_self') && !download
}

/** The handlers a container puts on itself to serve the plain links inside it (see useLinkDelegate). */
export interface LinkDelegate {
  onClick?: (e: MouseEvent<HTMLElement>) => void
  onMouseOver?: (e: MouseEvent<HTMLElement>) => void
  onMouseOut?: (e: MouseEvent<HTMLElement>) => void
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void
}

/**
 * Handlers for a container whose links are plain <a> elements the app did not render as Links: configured
 * HTML, and the server's HTML of a part hydration leaves as it is (lib/hydration/Static). A left click on a
 * link to a page of this site becomes a router visit, and a link the pointer rests on or touches is fetched
 * ahead, as a Link would. One listener per container, not per link. Without a router (the server) none.
 */
export function useLinkDelegate(): LinkDelegate {
  const router = useRouter()
  return useMemo(() => (router ? delegate(router) : {}), [router])
}

function delegate(router: Router): LinkDelegate {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: Element | null = null
  /** The local page a link inside the container leads to, if the router may visit it. */
  function target(e: { target: EventTarget | null; currentTarget: HTMLElement }): string | null {
    const a = (e.target as Element | null)?.closest?.('a')
    if (!a || !e.currentTarget.contains(a)) return null
    const href = a.getAttribute('href')
    if (!href || href.startsWith('#') || !routable(router, href, a.target, a.hasAttribute('download'))) return null
    return href
  }
  return {
    onClick(e) {
      if (!isPlainClick(e)) return
      const href = target(e)
      if (!href) return
      e.preventDefault()
      clearTimeout(timer)
      void router.visit(href)
    },
    onMouseOver(e) {
      const a = (e.target as Element | null)?.closest?.('a') ?? null
      if (a === pending) return // moved within the same link
      clearTimeout(timer)
      pending = a
      const href = target(e)
      if (href) timer = setTimeout(() => router.prefetch(href), PREFETCH_DELAY)
    },
    onMouseOut(e) {
      // Left the link (not for one of its own children): no fetch ahead.
      const to = e.relatedTarget as Node | null
      if (pending && !(to && pending.contains(to))) {
        clearTimeout(timer)
        pending = null
      }
    },
    onPointerDown(e) {
      // A finger's touch: the click follows soon. Pointer events do not hold the page's scrolling as a
      // touchstart listener over a whole grid would.
      if (e.pointerType === 'mouse') return
      const href = target(e)
      if (href) router.prefetch(href)
    },
  }
}
