import { formatAmount, formatSurface } from '../../../lib/format'
import { useLang, useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { textIn } from '../../../lib/site/text'
import { streetLine } from '../../properties/api/rules'
import { Description } from '../../property/components/Description'
import { Gallery } from '../../property/components/Gallery'
import type { ProjectProps } from '../api/types'
import './project.css'

const UNIT_STATUS: Record<string, string> = { available: 'project.status.available', sold: 'project.status.sold', soldout: 'project.status.soldOut' }

/** A new-build project: name, address, prices, delivery, pictures, description, constructions, units, documents. */
export function ProjectPage({ project: p, name, description, delivery, site }: ProjectProps) {
  const t = useT()
  const lang = useLang()
  const street = streetLine(p, t('common.box'))
  const units = p.Units ?? []
  const constructions = p.Constructions ?? []
  const documents = p.Documents ?? []
  const prices =
    p.PriceFrom && p.PriceTo && p.PriceFrom !== p.PriceTo
      ? t('project.priceRange', { from: formatAmount(p.PriceFrom), to: formatAmount(p.PriceTo) })
      : p.PriceFrom || p.PriceTo
        ? formatAmount((p.PriceFrom || p.PriceTo)!)
        : ''
  return (
    <article className="page project-page">
      <div className="container">
        <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
          <ol>
            <li>
              <Link href={site.links.home}>{t('common.home')}</Link>
            </li>
            <li aria-current="page">{name}</li>
          </ol>
        </nav>
        <header className="project-header">
          <div>
            <p className="project-kicker">{t('project.kicker')}</p>
            <h1>{name}</h1>
            <p className="muted">
              {street && `${street}, `}
              {p.Zip} {p.City}
            </p>
          </div>
          <dl className="project-summary">
            {prices && (
              <div>
                <dt>{t('project.prices')}</dt>
                <dd>{prices}</dd>
              </div>
            )}
            {delivery && (
              <div>
                <dt>{t('project.delivery')}</dt>
                <dd>{delivery}</dd>
              </div>
            )}
            {p.ProjectNumber && (
              <div>
                <dt>{t('project.number')}</dt>
                <dd>{p.ProjectNumber}</dd>
              </div>
            )}
          </dl>
        </header>

        <Gallery property={{ XLargePictureItem: p.XLargePictureItem ?? { Url: '' }, Pictures: p.Pictures, TypeDescription: name, City: p.City }} />

        {description && (
          <section className="project-section" aria-labelledby="project-description">
            <h2 id="project-description">{t('property.description')}</h2>
            <Description text={description} />
          </section>
        )}

        <section className="project-section" aria-labelledby="project-constructions">
          <h2 id="project-constructions">{t('project.constructions')}</h2>
          {constructions.length > 0 ? (
            <ul className="constructions">
              {constructions.map((c, i) => (
                <li key={i}>
                  <h3>{textIn(c.Name, lang)}</h3>
                  {textIn(c.Description, lang) && <p>{textIn(c.Description, lang)}</p>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('project.noConstructions')}</p>
          )}
        </section>

        <section className="project-section" aria-labelledby="project-units">
          <h2 id="project-units">{t('project.units')}</h2>
          {units.length > 0 ? (
            <div className="table-scroll">
              <table className="units">
                <thead>
                  <tr>
                    <th scope="col">{t('project.unit')}</th>
                    <th scope="col">{t('project.floor')}</th>
                    <th scope="col" className="num">
                      {t('property.field.bedrooms')}
                    </th>
                    <th scope="col" className="num">
                      {t('project.surface')}
                    </th>
                    <th scope="col" className="num">
                      {t('project.price')}
                    </th>
                    <th scope="col">{t('project.statusLabel')}</th>
                  </tr>
                </thead>
                <tbody>
                  {units.map((u) => (
                    <tr key={u.Unit} data-status={u.Status}>
                      <th scope="row">{u.Unit}</th>
                      <td>{u.Floor}</td>
                      <td className="num">{u.Bedrooms || '–'}</td>
                      <td className="num">{u.Surface ? formatSurface(u.Surface) : '–'}</td>
                      <td className="num">{u.Status === 'available' && u.Price ? formatAmount(u.Price) : '–'}</td>
                      <td>
                        <span className="unit-status" data-status={u.Status}>
                          {UNIT_STATUS[u.Status] ? t(UNIT_STATUS[u.Status]) : u.Status}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">{t('project.noUnits')}</p>
          )}
        </section>

        <section className="project-section" aria-labelledby="project-documents">
          <h2 id="project-documents">{t('property.documents')}</h2>
          {documents.length > 0 ? (
            <ul className="documents">
              {documents.map((d) => (
                <li key={d.ID}>{textIn(d.Name, lang)}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('common.noDocuments')}</p>
          )}
        </section>
      </div>
    </article>
  )
}
