import type { MouseEvent } from 'react'

/**
 * A same-page link's click handler that opens the <details> it leads to,
 * or that holds its target, before the browser scrolls there, so the
 * visitor lands on the open form. Without JavaScript a link to an element
 * inside a closed <details> opens it too (the browser does), so the links
 * lead inside.
 */
export function openLinkedDisclosure(e: MouseEvent<HTMLAnchorElement>): void {
  const id = decodeURIComponent(new URL(e.currentTarget.href, location.href).hash.slice(1))
  const target = id ? document.getElementById(id) : null
  const details = target instanceof HTMLDetailsElement ? target : target?.closest('details')
  if (details) details.open = true
}
