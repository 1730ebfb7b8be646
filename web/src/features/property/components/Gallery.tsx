import { useState, type MouseEvent } from 'react'
import { useT } from '../../../lib/i18n'
import { sized, srcSet } from '../../../lib/images'
import type { Picture } from '../../../lib/site/types'
import { pictureAlt } from '../../properties/api/rules'
import type { Property } from '../../properties/api/types'

/**
 * The first large picture, then thumbnails of every picture. A thumbnail is
 * a link to the picture; with JavaScript it shows that picture in the large
 * one instead. No slideshow yet.
 */
/** Thumbnails in view on a desktop load at once. */
const EAGER_THUMBS = 7

export function Gallery({ property: p }: { property: Pick<Property, 'XLargePictureItem' | 'Pictures' | 'TypeDescription' | 'City'> }) {
  const t = useT()
  const pictures: Picture[] = p.Pictures?.length ? p.Pictures : p.XLargePictureItem?.Url ? [p.XLargePictureItem] : []
  const first = p.XLargePictureItem?.Url ? p.XLargePictureItem : pictures[0]
  const [current, setCurrent] = useState<Picture | undefined>(first)
  if (!current) return <p className="gallery-empty muted">{t('common.noPhoto')}</p>
  const alt = (pic: Picture) => pictureAlt(t, p, pic.Name)
  function show(e: MouseEvent<HTMLAnchorElement>, pic: Picture) {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    setCurrent(pic)
  }
  return (
    <div className="gallery">
      <figure className="gallery-main">
        <img
          src={sized(current.Url, 1360)}
          srcSet={srcSet(current.Url, [600, 1360, 1920])}
          sizes="(min-width: 1200px) 1152px, 100vw"
          alt={alt(current)}
          width={current.Width || 1600}
          height={current.Height || 1067}
          fetchPriority={current === first ? 'high' : undefined}
          decoding="async"
        />
      </figure>
      {pictures.length > 1 && (
        <ul className="gallery-thumbs" aria-label={t('property.photos')}>
          {pictures.map((pic, i) => (
            <li key={pic.ID ?? pic.Url + i}>
              <a href={pic.Url} onClick={(e) => show(e, pic)} aria-current={pic.Url === current.Url ? 'true' : undefined}>
                <img src={sized(pic.Url, 400)} alt={alt(pic)} width={150} height={100} loading={i < EAGER_THUMBS ? undefined : 'lazy'} fetchPriority="low" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
