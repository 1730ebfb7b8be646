import { useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { FADE_MS, SLIDE_MS } from '../model/banner'
import { BannerPicture } from './BannerPicture'
import { useReducedMotion } from './useReducedMotion'

/** One slide of a banner: its picture and, for a listing, what is said over it. */
export interface Slide {
  key: string
  picture: string
  alt: string
  /** Shown over the picture (price, type, city, link); only the active slide's can take the focus. */
  content?: ReactNode
}

/**
 * The banner slider (SPEC §9: autoplay, fade, 500 ms, looping, lazy load) of
 * a gallery, a properties or a projects banner: a crossfade every SLIDE_MS,
 * paused while the pointer or the focus is on the banner, with the pause
 * button, and not at all when the visitor prefers reduced motion. Only the
 * first picture is in the server's HTML; each next one loads just before it
 * shows. Hidden slides are inert: their links cannot be reached.
 */
export function Slideshow({ kind, label, slides, overlay }: { kind: string; label: string; slides: Slide[]; overlay: ReactNode }) {
  const t = useT()
  const n = slides.length
  const reduced = useReducedMotion()
  const [index, setIndex] = useState(0)
  const [reach, setReach] = useState(0)
  const [userPaused, setUserPaused] = useState<boolean | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  // Before hydration (reduced === null) nothing moves; reduced motion starts paused.
  const paused = userPaused ?? reduced !== false
  const running = !paused && !hovered && !focused && n > 1

  useEffect(() => setReach((r) => Math.max(r, Math.min(n - 1, index + 1))), [index, n])
  useEffect(() => {
    if (!running) return
    const timer = setTimeout(() => setIndex((i) => (i + 1) % n), SLIDE_MS)
    return () => clearTimeout(timer)
  }, [running, index, n])

  const go = (d: number) => setIndex((i) => (i + d + n) % n)
  return (
    <section
      className="banner"
      data-type={kind}
      aria-labelledby="banner-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div className="banner-slides" role="group" aria-roledescription="carousel" aria-label={label} style={{ '--fade': `${FADE_MS}ms` } as CSSProperties}>
        <div className="banner-slides-track" aria-live={running ? 'off' : 'polite'}>
          {slides.map((s, i) => (
            <div
              key={s.key}
              className="banner-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slide', { n: i + 1, total: n })}
              aria-hidden={i !== index}
              inert={i !== index}
              data-active={i === index || undefined}
            >
              {(i === 0 || i <= reach) && s.picture && <BannerPicture src={s.picture} alt={s.alt} priority={i === 0} />}
              {s.content}
            </div>
          ))}
        </div>
      </div>
      {overlay}
      {n > 1 && (
        <div className="banner-controls">
          <button type="button" className="banner-control" data-icon="chevronLeft" aria-label={t('home.previous')} onClick={() => go(-1)} />
          <button
            type="button"
            className="banner-control"
            data-icon={paused ? 'play' : 'pause'}
            aria-label={t(paused ? 'home.playSlides' : 'home.pauseSlides')}
            onClick={() => setUserPaused(!paused)}
          />
          <button type="button" className="banner-control" data-icon="chevronRight" aria-label={t('home.next')} onClick={() => go(1)} />
        </div>
      )}
    </section>
  )
}
