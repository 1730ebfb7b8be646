import { useEffect, useState } from 'react'
import { useT } from '../../../lib/i18n'

/** SPEC §9: shown from 10 px of scroll, 500 ms to the top, the scroll handler debounced 100 ms. */
export const BACK_TO_TOP_SCROLL = 10
export const BACK_TO_TOP_MS = 500
const SCROLL_DEBOUNCE_MS = 100

/**
 * The back-to-top button. It scrolls with an animation of its own (a fixed
 * 500 ms, which `behavior: 'smooth'` does not promise), at once when the
 * visitor asks for reduced motion; then the focus goes to the top of the
 * content, so the next Tab continues from there rather than from the body.
 */
export function BackToTop() {
  const t = useT()
  const shown = useScrolledPast(BACK_TO_TOP_SCROLL)
  if (!shown) return null
  return (
    <button type="button" className="back-to-top" data-icon="arrowUp" onClick={() => scrollToTop(() => document.getElementById('main')?.focus({ preventScroll: true }))}>
      <span className="sr-only">{t('layout.backToTop')}</span>
    </button>
  )
}

/** Whether the window has scrolled at least px, read 100 ms after the last scroll event. */
function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = () => setPast(window.scrollY >= px)
    const onScroll = () => {
      clearTimeout(timer)
      timer = setTimeout(read, SCROLL_DEBOUNCE_MS)
    }
    // The first read in the next frame, not at once: reading the scroll
    // position while hydration has the page's styles dirty makes the browser
    // recompute them all in the middle of it (13–17 ms on the property page).
    const frame = requestAnimationFrame(read)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      clearTimeout(timer)
      cancelAnimationFrame(frame)
    }
  }, [px])
  return past
}

const running = { frame: 0 }

/** Scrolls the window to the top in BACK_TO_TOP_MS (ease-out), or at once under prefers-reduced-motion. */
export function scrollToTop(done?: () => void) {
  cancelAnimationFrame(running.frame)
  const from = window.scrollY
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  if (reduced || from <= 0) {
    window.scrollTo(0, 0)
    done?.()
    return
  }
  const start = performance.now()
  const step = (now: number) => {
    const p = Math.min(1, (now - start) / BACK_TO_TOP_MS)
    window.scrollTo(0, Math.round(from * (1 - easeOut(p))))
    if (p < 1) running.frame = requestAnimationFrame(step)
    else done?.()
  }
  running.frame = requestAnimationFrame(step)
}

function easeOut(p: number): number {
  return 1 - (1 - p) ** 3
}
