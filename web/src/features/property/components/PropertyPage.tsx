import { formatDistance, formatPrice, formatSurface } from '../../../lib/format'
import { useLang, useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { textIn } from '../../../lib/site/text'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { GOAL_SALE } from '../../properties/api/types'
import { streetLine } from '../../properties/api/rules'
import { CardGrid } from '../../properties/components/CardGrid'
import { detailGroups, epcText } from '../api/details'
import type { PropertyProps } from '../api/types'
import { ContactBox } from './ContactBox'
import { Description } from './Description'
import { Gallery } from './Gallery'
import './property.css'

/** A property: notice, title, address, price, pictures, main facts, EPC, description, details, contact, similar ones. */
export function PropertyPage({ property: p, similar, notice, epc, listUrl, description, title, site }: PropertyProps) {
  const t = useT()
  const lang = useLang()
  const street = streetLine(p, t('common.box'))
  const price = formatPrice(p.Price, p.PublishPrice, p.PriceUnit, lang)
  const groups = detailGroups(p, t, lang)
  const epcLabel = epc?.label ? epcText(epc.label) : ''
  const facts = [
    p.Rooms?.Bedrooms ? { icon: 'bed', label: t('property.field.bedrooms'), value: String(p.Rooms.Bedrooms) } : null,
    p.Rooms?.Bathrooms ? { icon: 'bath', label: t('property.field.bathrooms'), value: String(p.Rooms.Bathrooms) } : null,
    p.Surfaces?.SurfaceLiving ? { icon: 'area', label: t('property.field.surfaceLiving'), value: formatSurface(p.Surfaces.SurfaceLiving) } : null,
    p.Surfaces?.SurfaceGround ? { icon: 'area', label: t('property.field.surfaceGround'), value: formatSurface(p.Surfaces.SurfaceGround) } : null,
    p.ConstructionYear ? { icon: 'calendar', label: t('property.field.constructionYear'), value: String(p.ConstructionYear) } : null,
    epcLabel ? { icon: 'energy', label: t('property.field.epcLabel'), value: epcLabel } : null,
  ].filter((x) => x !== null)
  const similarItems = similar ?? []
  return (
    <article className="page property-page">
      <div className="container">
        <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
          <ol>
            <li>
              <Link href={site.links.home}>{t('common.home')}</Link>
            </li>
            <li>
              <Link href={listUrl}>{t(p.Goal === GOAL_SALE ? 'common.forSale' : 'common.forRent')}</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        {notice && (
          <p className="notice property-notice" role="status">
            {notice}
          </p>
        )}
        <header className="property-header">
          <div>
            <h1>{title}</h1>
            <p className="property-address" data-icon="pin">
              {`${street ? `${street}, ` : ''}${p.Zip} ${p.City}${p.CountryID && p.CountryID !== 10 && p.CountryName ? ` (${p.CountryName})` : ''}`}
            </p>
          </div>
          <div className="property-price-box">
            <p className="property-price">{price}</p>
            <p className="property-type">
              {p.TypeDescription}
              {p.Reference && (
                <>
                  {' · '}
                  {t('property.field.reference')} {p.Reference}
                </>
              )}
            </p>
          </div>
        </header>

        <Gallery property={p} />

        <div className="property-layout">
          <div className="property-main">
            {facts.length > 0 && (
              <section aria-labelledby="facts-title" className="property-section">
                <h2 id="facts-title" className="sr-only">
                  {t('property.mainFacts')}
                </h2>
                <dl className="facts">
                  {facts.map((fact) => (
                    <div key={fact.label} className="fact" data-icon={fact.icon}>
                      <dt>{fact.label}</dt>
                      <dd>{fact.value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}

            {description && (
              <section aria-labelledby="description-title" className="property-section">
                <h2 id="description-title">{t('property.description')}</h2>
                <Description text={description} />
              </section>
            )}

            {(epc?.image || epcLabel) && (
              <section aria-labelledby="epc-title" className="property-section">
                <h2 id="epc-title">{t('property.group.energy')}</h2>
                {epc?.image ? (
                  <img className="epc-image" src={epc.image} alt={t('property.epcAlt', { label: epcLabel })} />
                ) : (
                  <p className="epc-text">{t('property.epcAlt', { label: epcLabel })}</p>
                )}
              </section>
            )}

            {groups.length > 0 && (
              <section aria-labelledby="details-title" className="property-section">
                <h2 id="details-title">{t('property.details')}</h2>
                <div className="detail-groups">
                  {groups.map((g) => (
                    <section key={g.key} className="detail-group" aria-labelledby={`group-${g.key}`}>
                      <h3 id={`group-${g.key}`}>{g.title}</h3>
                      <dl>
                        {g.rows.map((r) => (
                          <div key={r.key}>
                            <dt>{r.label}</dt>
                            <dd>{r.value}</dd>
                          </div>
                        ))}
                      </dl>
                    </section>
                  ))}
                </div>
              </section>
            )}

            {(p.PointsOfInterest?.length ?? 0) > 0 && (
              <section aria-labelledby="poi-title" className="property-section">
                <h2 id="poi-title">{t('property.pointsOfInterest')}</h2>
                <ul className="poi-list">
                  {p.PointsOfInterest!.map((poi, i) => (
                    <li key={i}>
                      <span className="poi-kind">{t(`property.poi.${poi.Kind}`, { defaultValue: poi.Kind })}</span>
                      <span>{poi.Name}</span>
                      <span className="poi-distance">{formatDistance(poi.Distance)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <section aria-labelledby="documents-title" className="property-section">
              <h2 id="documents-title">{t('property.documents')}</h2>
              {(p.Documents?.length ?? 0) > 0 ? (
                <>
                  <ul className="documents">
                    {p.Documents!.map((d) => (
                      <li key={d.ID}>{textIn(d.Name, lang)}</li>
                    ))}
                  </ul>
                  <p className="muted">{t('property.documentsOnRequest')}</p>
                </>
              ) : (
                <p className="muted">{t('common.noDocuments')}</p>
              )}
            </section>

            {p.VirtualTour && (
              <p>
                <SmartLink href={p.VirtualTour} className="button button-outline" data-icon-end="external">
                  {t('property.virtualTour')}
                </SmartLink>
              </p>
            )}
          </div>
          <aside className="property-aside">
            <ContactBox property={p} title={title} agency={site.agency} />
          </aside>
        </div>

        {similarItems.length > 0 && (
          <section aria-labelledby="similar-title" className="property-similar">
            <h2 id="similar-title">{t('property.similar')}</h2>
            <CardGrid items={similarItems} lang={lang} level={3} perRow={4} />
          </section>
        )}
        <p className="property-back">
          <Link href={listUrl}>{t('property.backToList')}</Link>
        </p>
      </div>
    </article>
  )
}

