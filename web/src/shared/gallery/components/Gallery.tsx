import { useEffect, useRef, useState, type MouseEvent } from 'react'
import 'swiper/css' // Swiper's core layout rules (1 KB): also what lays out the server-rendered slides
import { useT } from '../../../lib/i18n'
import { sized } from '../../../lib/images'
import type { Picture } from '../../../lib/site/types'
import { enterFullscreen, exitFullscreen, FULLSCREEN_EVENTS, fullscreenElement, type FullMode } from '../model/fullscreen'
import { loadSlider, type Slider, type SliderModule } from '../model/options'
import { ResponsivePicture } from './ResponsivePicture'
import './gallery.css'
import { useElementId } from '../../../lib/hydration/ids'

export interface GalleryProps {
  pictures: Picture[]
  /** The alternative text of a picture: what it shows (type and city), never "image". */
  alt: (picture: Picture, index: number) => string
  /** The gallery's accessible name ("Photos: House in Arlon"). */
  label: string
  /** Loads the slider; tests pass their own. */
  load?: () => Promise<SliderModule>
}

/** The size a picture without one is drawn at (the demo pictures' 1600×1067). */
const DEFAULT_W = 1600
const DEFAULT_H = 1067
const THUMB_W = 100
/** What makes the visitor's intent to browse the photos: Swiper loads then. */
const TURN_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'focusin', 'keydown'] as const
/** How long the slides' own scrolling must be still before Swiper takes it over (ms). */
const REST_MS = 150

/**
 * Runs fn once the element's native scrolling is at rest: no finger on it
 * and no scroll for REST_MS (a swipe's glide ends by itself). Returns the cancel.
 */
function atRest(el: HTMLElement, fn: () => void): () => void {
  let touching = false
  let timer = 0
  const wait = () => {
    clearTimeout(timer)
    if (!touching) timer = window.setTimeout(done, REST_MS)
  }
  const down = () => {
    touching = true
    clearTimeout(timer)
  }
  const up = () => {
    touching = false
    wait()
  }
  const events: [string, () => void][] = [['scroll', wait], ['touchstart', down], ['touchend', up], ['touchcancel', up]]
  events.forEach(([e, f]) => el.addEventListener(e, f, { passive: true }))
  const cancel = () => {
    clearTimeout(timer)
    events.forEach(([e, f]) => el.removeEventListener(e, f))
  }
  function done() {
    cancel()
    fn()
  }
  wait()
  return cancel
}

/** The slide a natively scrolled strip shows. */
const slideAt = (strip: HTMLElement) => (strip.clientWidth ? Math.round(strip.scrollLeft / strip.clientWidth) : 0)

/**
 * Photos and slide show. The server renders every slide in Swiper's markup
 * with a counter and thumbnails that link to the pictures; until Swiper
 * runs, the slides are a row that scrolls by itself (CSS scroll snap): a
 * swipe shows the next photo, with or without JavaScript, the counter
 * follows it and a thumbnail scrolls to its photo. Swiper (its own chunk,
 * ~23 KB gzip) loads only when the visitor turns to the gallery (a pointer,
 * a touch, the focus, a key; issue #34), then takes the row over where it
 * stands, once its scrolling is at rest: swipe, arrow keys, previous/next
 * buttons, full screen. Nothing the server rendered changes at hydration;
 * the buttons that need Swiper stay hidden until it runs.
 */
export function Gallery({ pictures, alt, label, load = loadSlider }: GalleryProps) {
  const t = useT()
  const n = pictures.length
  const [index, setIndex] = useState(0)
  /** Interactive: the slider is mounted (a single picture needs none). */
  const [ready, setReady] = useState(false)
  const [full, setFull] = useState<FullMode>('off')
  const root = useRef<HTMLElement>(null)
  const viewport = useRef<HTMLDivElement>(null)
  const thumbs = useRef<HTMLUListElement>(null)
  const slider = useRef<Slider | null>(null)
  const wrapperId = `gallery-${useElementId().replace(/[^\w-]/g, '')}`
  /** Swiper is wanted: the visitor turned to the gallery. */
  const [wanted, setWanted] = useState(false)

  useEffect(() => {
    const el = root.current
    if (wanted || n < 2 || !el) return
    const want = () => setWanted(true)
    TURN_EVENTS.forEach((e) => el.addEventListener(e, want, { passive: true }))
    return () => TURN_EVENTS.forEach((e) => el.removeEventListener(e, want))
  }, [wanted, n])

  // Before Swiper: the counter and the thumbnails follow the row's own scrolling.
  useEffect(() => {
    const strip = viewport.current
    if (ready || n < 2 || !strip) return
    let frame = 0
    const follow = () => {
      cancelAnimationFrame(frame)
      // Not once Swiper has the row (its reset to the start scrolls it too).
      frame = requestAnimationFrame(() => slider.current || setIndex(slideAt(strip)))
    }
    strip.addEventListener('scroll', follow, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      strip.removeEventListener('scroll', follow)
    }
  }, [ready, n])

  // Mount Swiper on the server-rendered slides, at the one the row shows.
  useEffect(() => {
    if (n < 2) {
      setReady(true)
      return
    }
    if (!wanted) return
    let cancelled = false
    let mounted: Slider | null = null
    let stopWaiting: (() => void) | undefined
    load().then(
      (m) => {
        const strip = viewport.current
        if (cancelled || !strip) return
        stopWaiting = atRest(strip, () => {
          if (cancelled) return
          const at = slideAt(strip)
          strip.scrollLeft = 0 // Swiper moves the row by a transform from here
          mounted = m.mountSlider(strip, { initialSlide: at, wrapperId, slideRole: t('gallery.slide'), onChange: setIndex })
          slider.current = mounted
          setIndex(at)
          setReady(true)
        })
      },
      () => {
        // No slider (the chunk failed to load): the row still scrolls and the thumbnails still work.
      },
    )
    return () => {
      cancelled = true
      stopWaiting?.()
      mounted?.destroy()
      slider.current = null
    }
  }, [n, wanted, load, wrapperId, t])

  // Follow the browser's full screen (it leaves it on Escape by itself).
  useEffect(() => {
    const onChange = () => {
      const mine = fullscreenElement() === root.current
      setFull((f) => (mine ? 'screen' : f === 'screen' ? 'off' : f))
    }
    for (const e of FULLSCREEN_EVENTS) document.addEventListener(e, onChange)
    return () => {
      for (const e of FULLSCREEN_EVENTS) document.removeEventListener(e, onChange)
    }
  }, [])

  // While full: Escape leaves (the CSS fallback has no browser to do it); Swiper re-measures.
  useEffect(() => {
    if (full === 'off') return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      if (full === 'window') setFull('off')
      else void exitFullscreen()
    }
    document.addEventListener('keydown', onKey)
    const frame = requestAnimationFrame(() => slider.current?.update())
    return () => {
      document.removeEventListener('keydown', onKey)
      cancelAnimationFrame(frame)
      requestAnimationFrame(() => slider.current?.update())
    }
  }, [full])

  // Keep the current thumbnail in view in its strip (without scrolling the
  // page). Not for the first: the strip starts there, and reading the
  // layout during hydration would force the browser to compute it.
  const shownIndex = useRef(0)
  useEffect(() => {
    if (shownIndex.current === index) return
    shownIndex.current = index
    const strip = thumbs.current
    const item = strip?.children[index] as HTMLElement | undefined
    if (!strip || !item) return
    const left = item.offsetLeft - strip.offsetLeft
    if (left < strip.scrollLeft) strip.scrollLeft = left
    else if (left + item.offsetWidth > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = left + item.offsetWidth - strip.clientWidth
  }, [index])

  async function toggleFull() {
    const el = root.current
    if (!el) return
    if (full === 'screen') return exitFullscreen()
    if (full === 'window') return setFull('off')
    setFull((await enterFullscreen(el)) ? 'screen' : 'window')
  }

  function show(e: MouseEvent<HTMLAnchorElement>, i: number) {
    const strip = viewport.current
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !strip) return
    e.preventDefault()
    if (slider.current) slider.current.to(i)
    else strip.scrollTo({ left: i * strip.clientWidth, behavior: 'smooth' })
  }

  if (n === 0) return null
  const sizes = full === 'off' ? undefined : '100vw'
  const many = n > 1
  return (
    <section ref={root} className="gallery" data-full={full} aria-roledescription={t('gallery.carousel')} aria-label={label}>
      <div className="gallery-stage">
        <div
          ref={viewport}
          className="swiper gallery-viewport"
          tabIndex={many ? 0 : undefined}
          role={many ? 'group' : undefined}
          aria-label={many ? t('gallery.keys') : undefined}
        >
          <div className="swiper-wrapper" id={wrapperId} aria-live={many ? 'polite' : undefined}>
            {pictures.map((pic, i) => (
              <div
                key={`${pic.ID ?? ''}${pic.Url}${i}`}
                className="swiper-slide gallery-slide"
                role={many ? 'group' : undefined}
                aria-roledescription={many ? t('gallery.slide') : undefined}
                aria-label={many ? `${i + 1} / ${n}` : undefined}
              >
                <ResponsivePicture
                  url={pic.Url}
                  use="detail"
                  sizes={sizes}
                  alt={alt(pic, i)}
                  width={pic.Width || DEFAULT_W}
                  height={pic.Height || DEFAULT_H}
                  eager={i === 0 || (ready && Math.abs(i - index) <= 1)}
                  priority={i === 0}
                />
              </div>
            ))}
          </div>
        </div>
        {many && (
          <>
            <button
              type="button"
              className="gallery-nav gallery-prev"
              data-icon="chevronLeft"
              aria-label={t('gallery.previous')}
              aria-controls={wrapperId}
              hidden={!ready}
              disabled={index === 0}
              onClick={() => slider.current?.prev()}
            />
            <button
              type="button"
              className="gallery-nav gallery-next"
              data-icon="chevronRight"
              aria-label={t('gallery.next')}
              aria-controls={wrapperId}
              hidden={!ready}
              disabled={index === n - 1}
              onClick={() => slider.current?.next()}
            />
            <p className="gallery-counter">
              <span className="sr-only">{`${t('gallery.photo')} `}</span>
              {`${index + 1} / ${n}`}
            </p>
          </>
        )}
        <button type="button" className="gallery-full" data-icon={full === 'off' ? 'expand' : 'close'} hidden={!ready} onClick={toggleFull}>
          {full === 'off' ? t('gallery.fullscreen') : t('gallery.exitFullscreen')}
        </button>
      </div>
      {many && (
        <ul ref={thumbs} className="gallery-thumbs" aria-label={t('gallery.thumbnails')}>
          {pictures.map((pic, i) => (
            <li key={`${pic.ID ?? ''}${pic.Url}${i}`}>
              <a href={sized(pic.Url, 1920)} aria-current={i === index ? 'true' : undefined} onClick={(e) => show(e, i)}>
                <ResponsivePicture
                  url={pic.Url}
                  use="thumb"
                  alt={alt(pic, i)}
                  width={THUMB_W}
                  height={Math.round((THUMB_W * (pic.Height || DEFAULT_H)) / (pic.Width || DEFAULT_W))}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
