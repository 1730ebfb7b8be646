import { formatListingPrice, formatSurface } from '../../../lib/format'
import { type Lang, useT } from '../../../lib/i18n'
import { sized, srcSet, USES } from '../../../lib/images'
import { Link } from '../../../lib/router'
import { Heading, type Level } from '../../../lib/ui/Heading'
import { ServerMemo } from '../../../lib/memo/ServerMemo'
import type { Card } from '../model/types'
import { marqueeOf, pictureAlt } from '../model/rules'
import '../../../lib/ui/card.css'

export interface PropertyCardProps {
  item: Card
  lang: Lang
  /** Heading level of the card title (one below the section's). */
  level: Level
  /** Pictures above the fold load at once, the others lazily. */
  eager?: boolean
  /** The page's main picture (LCP): fetched first, never lazily. */
  priority?: boolean
}

/** A property in a grid: picture, price, title, type and city, facts; the whole card links to it. */
export function PropertyCard({ item, lang, level, eager = false, priority = false }: PropertyCardProps) {
  const media = <CardMedia item={item} lang={lang} eager={eager} priority={priority} />
  const body = <CardBody item={item} lang={lang} level={level} />
  // A card shows on many pages (lists, the home, similar properties): the server renders it once (lib/memo),
  // and the browser keeps its HTML (links only: lib/hydration/Static).
  // The page's main picture, preloaded with a high priority, which lib/memo cannot preload again as React
  // did: that card reuses its body only.
  if (priority)
    return (
      <article className="card" data-status={item.Status}>
        <div className="card-media">{media}</div>
        <ServerMemo as="div" className="card-body" part="card-body" deps={[item, lang, level]} static>
          {body}
        </ServerMemo>
      </article>
    )
  return (
    <ServerMemo as="article" className="card" data-status={item.Status} part="card" deps={[item, lang, level, eager]} static>
      <div className="card-media">{media}</div>
      <div className="card-body">{body}</div>
    </ServerMemo>
  )
}

function CardMedia({ item, lang, eager, priority }: Required<Omit<PropertyCardProps, 'level'>>) {
  const t = useT()
  const marquee = marqueeOf(t, item, lang)
  const status = item.Status === 'sold' ? t('common.sold') : item.Status === 'rented' ? t('common.rented') : ''
  const pic = item.SmallPictureItem
  return (
    <>
      {pic?.Url ? (
        <img
          src={sized(pic.Url, 400)}
          srcSet={srcSet(pic.Url, USES.card.widths)}
          sizes={USES.card.sizes}
          alt={pictureAlt(t, item)}
          width={pic.Width || 250}
          height={pic.Height || 167}
          loading={eager || priority ? undefined : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <div className="card-nophoto">{t('common.noPhoto')}</div>
      )}
      {status && <span className="badge badge-status">{status}</span>}
      {!status && marquee && (
        <span className="badge" lang={marquee.lang}>
          {marquee.text}
        </span>
      )}
    </>
  )
}

function CardBody({ item, lang, level }: Pick<PropertyCardProps, 'item' | 'lang' | 'level'>) {
  const t = useT()
  const title = item.Title || t('common.pictureAlt', { type: item.TypeDescription, city: item.City })
  const surface = item.SurfaceLiving || item.SurfaceGround
  return (
    <>
      <p className="card-price">{formatListingPrice(item, lang)}</p>
      <Heading level={level} className="card-title">
        <Link href={item.href} className="card-link" lang={item.Title ? item.TitleLang : undefined}>
          {title}
        </Link>
      </Heading>
      <p className="card-place" data-icon="pin">{`${item.TypeDescription} · ${item.Zip} ${item.City}`}</p>
      {(item.Bedrooms || item.Bathrooms || surface) && (
        <ul className="card-facts">
          {!!item.Bedrooms && (
            <li data-icon="bed">
              <span className="sr-only">{`${t('property.field.bedrooms')}: `}</span>
              {item.Bedrooms}
            </li>
          )}
          {!!item.Bathrooms && (
            <li data-icon="bath">
              <span className="sr-only">{`${t('property.field.bathrooms')}: `}</span>
              {item.Bathrooms}
            </li>
          )}
          {!!surface && (
            <li data-icon="area">
              <span className="sr-only">{`${t(item.SurfaceLiving ? 'property.field.surfaceLiving' : 'property.field.surfaceGround')}: `}</span>
              {formatSurface(surface)}
            </li>
          )}
        </ul>
      )}
    </>
  )
}
