import { useState, type ReactNode } from 'react'
import { formatAmount, formatSurface } from '../../../lib/format'
import { PART, useLang, useT, withPart } from '../../../lib/i18n'
import { sized, srcSet } from '../../../lib/images'
import type { Picture } from '../../../lib/site/types'
import { pick } from '../../../lib/site/text'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { streetLine } from '../../../shared/cards'
import type { Unit } from '../../../shared/cards/model/types'
import { projectPrices, UNIT_STATUS } from '../../../shared/cards/model/prices'
import type { ProjectProps } from '../model/types'
import { deferredForm } from '../../../shared/forms/lazy'
import { PROJECT_CONTACT_ANCHOR, type ChosenUnit } from '../model/request'
import './project.css'

/** The request form, with the forms kit a chunk of its own, loaded when the visitor turns to it. */
const ProjectRequestForm = deferredForm(() => import('./ProjectRequestForm'))

/**
 * A new-build project: name, address, prices, delivery, photos, description,
 * the price list (units with their status: sold and sold out shown),
 * constructions and documents (asked for by e-mail), each with its
 * "none" message (SPEC §8).
 */
export function ProjectPage({ project: p, name, description, delivery, nameLang, descriptionLang, deliveryLang, site }: ProjectProps) {
  const t = useT()
  const lang = useLang()
  const street = streetLine(p, t('common.box'))
  const units = p.Units ?? []
  const constructions = p.Constructions ?? []
  const documents = p.Documents ?? []
  const photos = projectPhotos(p.Pictures, p.XLargePictureItem)
  const available = units.filter((u) => u.Status === 'available').length
  const prices = projectPrices(t, p.PriceFrom, p.PriceTo)
  const email = site.agency.email
  const availableUnits = [...new Set(units.filter((u) => u.Status === 'available' && u.Unit).map((u) => u.Unit))]
  const [chosen, setChosen] = useState<ChosenUnit>()
  const choose = (unit: string) => setChosen((c) => ({ unit, n: (c?.n ?? 0) + 1 }))
  // One language an alt text: a name that fell back to another language
  // stays out of it (the picture's name, or its number, in the page's).
  const photoAlt = (ph: Picture, i: number) => {
    if (nameLang) return ph.Name || `${t('gallery.photo')} ${i + 1}/${photos.length}`
    return ph.Name ? `${name} – ${ph.Name}` : t('project.photoAlt', { project: name, n: i + 1, total: photos.length })
  }
  return (
    <article className="page project-page">
      <div className="container">
        <header className="project-header">
          <div>
            <p className="project-kicker">{t('project.kicker')}</p>
            <h1 lang={nameLang}>{name}</h1>
            <p className="muted project-address" data-icon="pin">
              <span className="sr-only">{`${t('project.address')}: `}</span>
              {`${street ? `${street}, ` : ''}${p.Zip} ${p.City}`}
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
                <dd lang={deliveryLang}>{delivery}</dd>
              </div>
            )}
            {units.length > 0 && (
              <div>
                <dt>{t('project.availabilityLabel')}</dt>
                <dd>{t('project.availability', { available, total: units.length })}</dd>
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

        <section className="project-section project-photos-section" aria-labelledby="project-photos">
          <h2 id="project-photos" className="sr-only">
            {t('project.photos')}
          </h2>
          {photos.length > 0 ? (
            <ul className="project-photos" data-count={Math.min(photos.length, 5)}>
              {photos.map((ph, i) => (
                <li key={`${ph.Url}-${i}`}>
                  <img
                    src={sized(ph.Url, i === 0 ? 1360 : 600)}
                    srcSet={srcSet(ph.Url, i === 0 ? [600, 800, 1360, 1920] : [400, 600])}
                    sizes={i === 0 ? '(min-width: 1024px) 60vw, 100vw' : '(min-width: 1024px) 20vw, 50vw'}
                    alt={photoAlt(ph, i)}
                    width={ph.Width || 1600}
                    height={ph.Height || 1067}
                    loading={i === 0 ? undefined : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted project-empty">{t('common.noPhoto')}</p>
          )}
        </section>

        {description && (
          <section className="project-section" aria-labelledby="project-description">
            <h2 id="project-description">{t('project.description')}</h2>
            <div className="project-description" lang={descriptionLang}>
              {description.split(/\n{2,}/).map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </div>
          </section>
        )}

        <section className="project-section" aria-labelledby="project-units">
          <h2 id="project-units">{t('project.units')}</h2>
          {units.length > 0 ? <UnitsTable units={units} onRequest={choose} /> : <p className="muted project-empty">{t('project.noUnits')}</p>}
        </section>

        <ProjectRequestForm units={availableUnits} chosen={chosen} />

        <section className="project-section" aria-labelledby="project-constructions">
          <h2 id="project-constructions">{t('project.constructions')}</h2>
          {constructions.length > 0 ? (
            <ul className="constructions">
              {constructions.map((c, i) => {
                const cName = pick(c.Name, lang)
                const cDescription = pick(c.Description, lang)
                return (
                  <li key={i}>
                    <h3 lang={cName.lang}>{cName.text}</h3>
                    {cDescription.text && <p lang={cDescription.lang}>{cDescription.text}</p>}
                  </li>
                )
              })}
            </ul>
          ) : (
            <p className="muted project-empty">{t('project.noConstructions')}</p>
          )}
        </section>

        <section className="project-section" aria-labelledby="project-documents">
          <h2 id="project-documents">{t('property.documents')}</h2>
          {documents.length > 0 ? (
            <>
              <p className="muted">{t('project.documentsOnRequest')}</p>
              <ul className="project-documents">
                {documents.map((d) => {
                  const picked = pick(d.Name, lang)
                  const doc = picked.text
                  const subject = encodeURIComponent(t('project.documentSubject', { name: doc, project: name }))
                  const docName = picked.lang ? <span lang={picked.lang}>{doc}</span> : doc
                  return (
                    <li key={d.ID}>
                      {email ? (
                        <SmartLink href={`mailto:${email}?subject=${subject}`} data-icon="mail">
                          {withPart(t('project.requestDocument', { name: PART }), docName)}
                        </SmartLink>
                      ) : (
                        docName
                      )}
                    </li>
                  )
                })}
              </ul>
            </>
          ) : (
            <p className="muted project-empty">{t('common.noDocuments')}</p>
          )}
        </section>
      </div>
    </article>
  )
}

/**
 * The price list: unit, floor, bedrooms, surface, price and status; a sold
 * or sold-out unit shows its status instead of a price. On a phone each row
 * is a card (project.css): every cell then shows its column's name, hidden
 * from screen readers, which have the column headers. An available unit
 * links to the project request below, which it chooses there.
 */
function UnitsTable({ units, onRequest }: { units: Unit[]; onRequest: (unit: string) => void }) {
  const t = useT()
  const withBuilding = units.some((u) => u.Construction)
  const withBedrooms = units.some((u) => u.Bedrooms)
  const label = {
    construction: t('project.construction'),
    floor: t('project.floor'),
    bedrooms: t('property.field.bedrooms'),
    surface: t('project.surface'),
    price: t('project.price'),
    status: t('project.statusLabel'),
  }
  return (
    <div className="table-scroll" role="region" aria-labelledby="project-units" tabIndex={0}>
      <table className="units">
        <thead>
          <tr>
            <th scope="col">{t('project.unit')}</th>
            {withBuilding && <th scope="col">{label.construction}</th>}
            <th scope="col">{label.floor}</th>
            {withBedrooms && (
              <th scope="col" className="num">
                {label.bedrooms}
              </th>
            )}
            <th scope="col" className="num">
              {label.surface}
            </th>
            <th scope="col" className="num">
              {label.price}
            </th>
            <th scope="col">{label.status}</th>
          </tr>
        </thead>
        <tbody>
          {units.map((u, i) => {
            const status = UNIT_STATUS[u.Status] ? t(UNIT_STATUS[u.Status]) : u.Status
            return (
              <tr key={`${u.Unit}-${i}`} data-status={u.Status}>
                <th scope="row">{u.Unit}</th>
                {withBuilding && <Cell label={label.construction}>{u.Construction}</Cell>}
                <Cell label={label.floor}>{u.Floor}</Cell>
                {withBedrooms && (
                  <Cell label={label.bedrooms} num>
                    {u.Bedrooms || '–'}
                  </Cell>
                )}
                <Cell label={label.surface} num>
                  {u.Surface ? formatSurface(u.Surface) : '–'}
                </Cell>
                <Cell label={label.price} num>
                  {u.Status === 'available' && u.Price ? formatAmount(u.Price) : '–'}
                </Cell>
                <Cell label={label.status}>
                  <span className="unit-status" data-status={u.Status}>
                    {status}
                  </span>
                  {u.Status === 'available' && u.Unit && (
                    <a
                      className="unit-request"
                      href={`#${PROJECT_CONTACT_ANCHOR}`}
                      onClick={() => onRequest(u.Unit)}
                    >
                      {t('project.requestUnit')}
                      {/* The accessible name starts with the visible text (WCAG 2.5.3) and names the unit. */}
                      <span className="sr-only">{t('project.requestUnitSuffix', { unit: u.Unit })}</span>
                    </a>
                  )}
                </Cell>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** A cell with its column's name for the phone's card layout (shown by CSS there only). */
function Cell({ label, num, children }: { label: string; num?: boolean; children: ReactNode }) {
  return (
    <td className={num ? 'num' : undefined}>
      <span className="cell-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </td>
  )
}

/** The project's photos: its gallery, else its main picture. */
function projectPhotos(pictures: Picture[] | null | undefined, main: Picture | undefined): Picture[] {
  const list = (pictures ?? []).filter((ph) => ph?.Url)
  if (list.length > 0) return list
  return main?.Url ? [main] : []
}
