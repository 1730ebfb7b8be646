import { formatListingPrice } from '../../../lib/format'
import type { Lang, TFn } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { marqueeOf } from '../../../shared/cards'
import type { Card } from '../../../shared/cards/model/types'
import { ProjectName } from '../../../shared/cards/components/ProjectCard'
import { projectPrices } from '../../../shared/cards/model/prices'
import type { ProjectCard } from '../../../shared/cards/model/types'
import type { Slide } from './Slideshow'

/** The large picture of a listing, the small one when it has none. */
const large = (x: { XLargePictureItem?: { Url?: string }; SmallPictureItem?: { Url?: string } }) => x.XLargePictureItem?.Url || x.SmallPictureItem?.Url || ''

/**
 * A properties banner's slides: each property's large picture with its
 * price (SPEC §9: "price on request", "from"), its marquee, title, type and
 * city, linking to the property. The picture says nothing the text does not
 * (alt="").
 */
export function propertySlides(items: Card[], lang: Lang, t: TFn): Slide[] {
  return items.map((p) => {
    const marquee = marqueeOf(t, p, lang)
    return {
      key: `p${p.ID}`,
      picture: large(p),
      alt: '',
      content: (
        <div className="banner-slide-card">
          <p className="banner-slide-price">
            {formatListingPrice(p, lang)}
            {marquee && (
              <span className="banner-slide-badge" lang={marquee.lang}>
                {marquee.text}
              </span>
            )}
          </p>
          <p className="banner-slide-title">
            <Link href={p.href} className="banner-slide-link" lang={p.Title ? p.TitleLang : undefined}>
              {p.Title || t('common.pictureAlt', { type: p.TypeDescription, city: p.City })}
            </Link>
          </p>
          <p className="banner-slide-place" data-icon="pin">{`${p.TypeDescription} · ${p.Zip} ${p.City}`}</p>
        </div>
      ),
    }
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
    return {
      key: `j${p.ID}`,
      picture: large(p),
      alt: '',
      content: (
        <div className="banner-slide-card">
          {prices && <p className="banner-slide-price">{prices}</p>}
          <p className="banner-slide-title">
            {p.External ? (
              <a href={p.href} className="banner-slide-link" target="_blank" rel="noopener">
                <ProjectName project={p} />
                <span className="sr-only"> {t('project.newTab')}</span>
              </a>
            ) : (
              <Link href={p.href} className="banner-slide-link">
                <ProjectName project={p} />
              </Link>
            )}
          </p>
          <p className="banner-slide-place" data-icon="pin">{`${p.Zip} ${p.City}`}</p>
        </div>
      ),
    }
  })
}
