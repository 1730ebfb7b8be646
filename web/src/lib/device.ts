import { useSyncExternalStore } from 'react'
import { MEDIA } from '../gen/breakpoints'

/**
 * The device setting's one reading the page needs (SPEC §3, §4): whether
 * the top bar shows — on tablets and desktops (from the shell's tablet
 * breakpoint up, gen/breakpoints.ts), not on phones.
 */
function current(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true
  return window.matchMedia(MEDIA.tablet).matches
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(MEDIA.tablet)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * Whether the top bar shows, updated when the window crosses the breakpoint.
 * On the server and until hydrated the width is unknown: it shows, and the
 * stylesheet hides it on phones, so hydration matches and nothing jumps.
 */
export function useTopBarShow(): boolean {
  return useSyncExternalStore(subscribe, current, () => true)
}
