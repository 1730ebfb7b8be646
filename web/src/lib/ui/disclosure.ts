import type { MouseEvent } from 'react'

/**
 * A same-page link's click handler that opens the <details> it leads to,
 * or that holds its target, and goes there (its #fragment), without
 * loading the page. The link's address is what a browser without
 * JavaScript follows: a disclosed form's (?open=kind#id) loads the page
 * with the form open, as the form renders only once opened. A target not
 * on the page, or a click that asks for another tab, is left to the link.
 * Returns the opened <details>, or null.
 */
export function openLinkedDisclosure(e: MouseEvent<HTMLAnchorElement>): HTMLDetailsElement | null {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null
  const hash = new URL(e.currentTarget.href, location.href).hash
  const id = decodeURIComponent(hash.slice(1))
  const target = id ? document.getElementById(id) : null
  const details = target instanceof HTMLDetailsElement ? target : (target?.closest('details') ?? null)
  if (!details) return null
  e.preventDefault()
  details.open = true
  if (location.hash === hash) target!.scrollIntoView()
  else location.hash = hash
  return details
}

/** The query parameter that asks the server for a page with a disclosed form open (route/property.go, formOpened). */
const OPEN_PARAM = 'open'

/** The address of the page with the form of kind open, at its disclosure id: what a browser without JavaScript follows. */
export function openFormHref(kind: string, id: string): string {
  return `?${OPEN_PARAM}=${encodeURIComponent(kind)}#${id}`
}
