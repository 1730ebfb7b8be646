import { useId, useRef, type ReactNode } from 'react'
import type { Lang } from '../../../lib/i18n'
import { useT } from '../../../lib/i18n'
import { PropertyCard } from '../../properties/components/PropertyCard'
import { ProjectCard } from '../../project/components/ProjectCard'
import type { BannerView } from '../api/types'
import { resolveBanner } from '../api/banner'
import { useReducedMotion } from './useReducedMotion'

/**
 * The cards of a properties or projects banner: a row that scrolls sideways
 * (CSS scroll snap: swipe, the trackpad, or the previous and next buttons).
 * Nothing for the other kinds.
 */
export function BannerCarousel({ banner, lang }: { banner: BannerView; lang: Lang }) {
  const t = useT()
  const kind = resolveBanner(banner).kind
  if (kind === 'properties') {
    const items = banner.properties ?? []
    return (
      <Carousel title={t('home.featured')} kind={kind}>
        {items.map((p) => (
          <li key={p.ID}>
            <PropertyCard item={p} lang={lang} level={3} />
          </li>
        ))}
      </Carousel>
    )
  }
  if (kind === 'projects') {
    const items = banner.projects ?? []
    return (
      <Carousel title={t('home.featuredProjects')} kind={kind}>
        {items.map((p) => (
          <li key={p.ID}>
            <ProjectCard project={p} level={3} />
          </li>
        ))}
      </Carousel>
    )
  }
  return null
}

function Carousel({ title, kind, children }: { title: string; kind: string; children: ReactNode }) {
  const t = useT()
  const id = useId()
  const track = useRef<HTMLUListElement>(null)
  const reduced = useReducedMotion()
  const scroll = (dir: number) => {
    const el = track.current
    if (el) el.scrollBy({ left: dir * Math.max(200, el.clientWidth * 0.9), behavior: reduced === false ? 'smooth' : 'auto' })
  }
  return (
    <section className="banner-carousel" data-kind={kind} aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="banner-carousel-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <div className="banner-carousel-nav">
            <button type="button" className="banner-control banner-control-dark" data-icon="chevronLeft" aria-label={t('home.previous')} aria-controls={`${id}-track`} onClick={() => scroll(-1)} />
            <button type="button" className="banner-control banner-control-dark" data-icon="chevronRight" aria-label={t('home.next')} aria-controls={`${id}-track`} onClick={() => scroll(1)} />
          </div>
        </div>
        <ul id={`${id}-track`} ref={track} className="banner-carousel-track">
          {children}
        </ul>
      </div>
    </section>
  )
}
