import { type Lang, useT } from '../../../lib/i18n'
import { sized, srcSet } from '../../../lib/images'
import type { Agency } from '../../../lib/site/types'
import { CardGrid } from '../../properties/components/CardGrid'
import type { BannerView } from '../api/types'

/** Banner picture size (the demo banner is 1920×800; CSS crops to the banner's height). */
const BANNER_W = 1920
const BANNER_H = 800

/**
 * The home banner. Image, and for now the first picture of a gallery; a
 * video or projects banner shows its image. A properties banner adds its
 * cards below. The title is the page's h1 (the agency's name when none).
 */
export function Banner({ banner, agency, lang }: { banner: BannerView; agency: Agency; lang: Lang }) {
  const t = useT()
  const src = (banner.type === 'gallery' && banner.images?.[0]) || banner.image || banner.images?.[0] || ''
  const properties = banner.type === 'properties' ? (banner.properties ?? []) : []
  return (
    <>
      <section className="banner" data-type={banner.type} aria-labelledby="banner-title">
        {src && (
          <img
            className="banner-image"
            src={sized(src, 1920)}
            srcSet={srcSet(src, [600, 1360, 1920])}
            sizes="100vw"
            alt=""
            width={BANNER_W}
            height={BANNER_H}
            fetchPriority="high"
            decoding="async"
          />
        )}
        <div className="banner-overlay">
          <div className="container banner-content">
            {banner.showLogo && agency.logo && <img className="banner-logo" src={agency.logo} alt="" width={180} height={48} />}
            <h1 id="banner-title" className="banner-title">
              {banner.title || agency.name}
            </h1>
            {banner.description && <p className="banner-description">{banner.description}</p>}
          </div>
        </div>
      </section>
      {properties.length > 0 && (
        <section className="banner-properties" aria-label={t('home.featured')}>
          <div className="container">
            <CardGrid items={properties} lang={lang} level={2} perRow={Math.min(4, properties.length)} eager={4} />
          </div>
        </section>
      )}
    </>
  )
}
