// The Fullscreen API, with Safari's prefixed names. Where a picture cannot
// go full screen (iPhone Safari has no element full screen), the gallery
// fills the window with CSS instead: mode 'window'.

export type FullMode = 'off' | 'screen' | 'window'

type Prefixed = {
  webkitFullscreenElement?: Element | null
  webkitExitFullscreen?: () => Promise<void> | void
  webkitRequestFullscreen?: () => Promise<void> | void
}

/** The element shown full screen, or null. */
export function fullscreenElement(doc: Document = document): Element | null {
  return doc.fullscreenElement ?? (doc as Document & Prefixed).webkitFullscreenElement ?? null
}

/** Asks full screen for el; false when the browser has none or refuses. */
export async function enterFullscreen(el: HTMLElement): Promise<boolean> {
  const e = el as HTMLElement & Prefixed
  try {
    if (typeof e.requestFullscreen === 'function') await e.requestFullscreen({ navigationUI: 'hide' })
    else if (typeof e.webkitRequestFullscreen === 'function') await e.webkitRequestFullscreen()
    else return false
    return fullscreenElement(el.ownerDocument) === el
  } catch {
    return false
  }
}

/** Leaves full screen, if any. */
export async function exitFullscreen(doc: Document = document): Promise<void> {
  if (!fullscreenElement(doc)) return
  const d = doc as Document & Prefixed
  try {
    if (typeof d.exitFullscreen === 'function') await d.exitFullscreen()
    else await d.webkitExitFullscreen?.()
  } catch {
    // already left
  }
}

export const FULLSCREEN_EVENTS = ['fullscreenchange', 'webkitfullscreenchange'] as const
