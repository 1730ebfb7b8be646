import type { MouseEvent } from 'react'

/**
 * A same-page link's click handler that opens the <details> it leads to
 * before the browser scrolls there, so the visitor lands on the open form.
 * Without JavaScript the link lands on its summary, one press from open.
 */
export function openLinkedDisclosure(e: MouseEvent<HTMLAnchorElement>): void {
  const id = decodeURIComponent(new URL(e.currentTarget.href, location.href).hash.slice(1))
  const target = id ? document.getElementById(id) : null
  if (target instanceof HTMLDetailsElement) target.open = true
}
