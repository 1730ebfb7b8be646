import type { ReactNode } from 'react'
import { formatListingPrice } from '../../../lib/format'
import type { Lang, TFn } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { marqueeOf } from '../../../shared/cards'
import type { Card } from '../../../shared/cards/model/types'
import { ProjectLink } from '../../../shared/cards/components/ProjectCard'
import { projectPrices } from '../../../shared/cards/model/prices'
import type { ProjectCard } from '../../../shared/cards/model/types'
import type { Slide } from './Slideshow'

type Pictured = { XLargePictureItem?: { Url?: string }; SmallPictureItem?: { Url?: string } }

/** The large picture of a listing, the small one when it has none. */
const large = (x: Pictured) => x.XLargePictureItem?.Url || x.SmallPictureItem?.Url || ''

/**
 * A properties banner's slides: each property's large picture with its
 * price (SPEC §9: "price on request", "from"), its marquee, title, type and
 * city, linking to the property. The picture says nothing the text does not
 * (alt="").
 */
export function propertySlides(items: Card[], lang: Lang, t: TFn): Slide[] {
  return items.map((p) => {
    const marquee = marqueeOf(t, p, lang)
    const price = (
      <p className="banner-slide-price">
        {formatListingPrice(p, lang)}
        {marquee && (
          <span className="banner-slide-badge" lang={marquee.lang}>
            {marquee.text}
          </span>
        )}
      </p>
    )
    const title = (
      <Link href={p.href} className="banner-slide-link" lang={p.Title ? p.TitleLang : undefined}>
        {p.Title || t('common.pictureAlt', { type: p.TypeDescription, city: p.City })}
      </Link>
    )
    return slide(`p${p.ID}`, p, price, title, `${p.TypeDescription} · ${p.Zip} ${p.City}`)
  })
}

/**
 * A projects banner's slides: each project's large picture with its price
 * range (when it has one), name and city, linking to the project page, or
 * to its own site in a new tab.
 */
export function projectSlides(projects: ProjectCard[], t: TFn): Slide[] {
  return projects.map((p) => {
    const prices = projectPrices(t, p.PriceFrom, p.PriceTo)
    const price = prices && <p className="banner-slide-price">{prices}</p>
    return slide(`j${p.ID}`, p, price, <ProjectLink project={p} className="banner-slide-link" t={t} />, `${p.Zip} ${p.City}`)
  })
}

/** A listing's slide: its large picture, which says nothing the card does not (alt=""), and the card: price, linked title, place. */
function slide(key: string, listing: Pictured, price: ReactNode, title: ReactNode, place: string): Slide {
  return {
    key,
    picture: large(listing),
    alt: '',
    content: (
      <div className="banner-slide-card">
        {price}
        <p className="banner-slide-title">{title}</p>
        <p className="banner-slide-place" data-icon="pin">{place}</p>
      </div>
    ),
  }
}
