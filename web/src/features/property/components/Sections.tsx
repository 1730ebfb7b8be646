import type { MouseEvent, ReactNode } from 'react'
import { formatDistance } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { DOCUMENT_ANCHOR } from '../model/offer'
import { openLinkedDisclosure } from '../../../lib/ui/disclosure'
import { wantForms } from '../../../shared/forms/deferred'
import type { PointOfInterest } from '../../../shared/cards/model/types'
import type { DetailGroup, DetailRow } from '../model/details'
import type { DocumentView, EnergyView, Fact, LocationView } from '../model/sections'
import { PropertyMap } from './PropertyMap'
import { PropertySection } from './PropertySection'

/** Label/value rows. */
function Rows({ rows, className }: { rows: DetailRow[]; className?: string }) {
  return (
    <dl className={className ?? 'rows'}>
      {rows.map((r) => (
        <div key={r.key}>
          <dt>{r.label}</dt>
          <dd lang={r.lang}>{r.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** deps (here and below): what the section's content is made from, the property's data and the page's language. */
export function Facts({ facts, deps }: { facts: Fact[]; deps: unknown[] }) {
  const t = useT()
  return (
    <PropertySection id="facts" title={t('property.mainFacts')} hideTitle deps={deps}>
      <dl className="facts">
        {facts.map((fact) => (
          <div key={fact.label} className="fact" data-icon={fact.icon}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </PropertySection>
  )
}

/** The energy certificate: label picture by region (SPEC §9), figures, the renovation notice. */
export function Energy({ energy: e, deps }: { energy: EnergyView; deps: unknown[] }) {
  const t = useT()
  return (
    <PropertySection id="energy" title={t('property.energyTitle')} className="energy property-figures" deps={deps}>
      <div className="energy-body">
        {e.image && e.label && <img className="epc-image" src={e.image} alt={t('property.epcAlt', { label: e.label })} width={96} height={40} />}
        <Rows rows={e.rows} />
      </div>
      {e.renovation && (
        <p className="epc-notice" role="note">
          {t('property.renovationNotice')}
        </p>
      )}
    </PropertySection>
  )
}

export function Financial({ rows, deps }: { rows: DetailRow[]; deps: unknown[] }) {
  const t = useT()
  return (
    <PropertySection id="financial" title={t('property.financialTitle')} className="property-figures" deps={deps}>
      <Rows rows={rows} />
    </PropertySection>
  )
}

export function Details({ groups, deps }: { groups: DetailGroup[]; deps: unknown[] }) {
  const t = useT()
  return (
    <PropertySection id="details" title={t('property.details')} className="property-figures" deps={deps}>
      <div className="detail-groups">
        {groups.map((g) => (
          <section key={g.key} className="detail-group" aria-labelledby={`group-${g.key}`}>
            <h3 id={`group-${g.key}`}>{g.title}</h3>
            <Rows rows={g.rows} />
          </section>
        ))}
      </div>
    </PropertySection>
  )
}

/**
 * Where it is: the address and the coordinates; for a published address the
 * map and street view, else (a rough position) a link to OpenStreetMap.
 */
export function Location({ location: l, title }: { location: LocationView; title: string }) {
  const t = useT()
  return (
    <PropertySection id="location" title={t('property.location')} className="property-location">
      <p className="location-address" data-icon="pin">
        {l.address}
      </p>
      <p className="location-coords muted">
        {`${t(l.approximate ? 'property.coordinatesApprox' : 'property.coordinates')} `}
        <span translate="no">{l.coordinates}</span>
      </p>
      {l.map ? (
        <PropertyMap map={l.map} mapHref={l.mapHref} title={title} />
      ) : (
        <p>
          <SmartLink href={l.mapHref} className="button button-outline" data-icon-end="external">
            {t('property.viewOnMap')}
          </SmartLink>
        </p>
      )}
    </PropertySection>
  )
}

/**
 * The documents and their SPEC §4 state. With the request form (children)
 * each "Request" link goes to it and, with JavaScript, has it choose that
 * document (onChoose); without the form, a mail to the agency.
 */
export function Documents({ documents, onChoose, children }: { documents: DocumentView[]; onChoose?: (id: number) => void; children?: ReactNode }) {
  const t = useT()
  const withForm = !!children
  // Not a PropertySection: one more level above the request form would
  // renumber its fields' ids (useId) in the server's HTML.
  return (
    <section aria-labelledby="documents-title" className="property-section">
      <h2 id="documents-title">{t('property.documents')}</h2>
      <ul className="documents">
        {documents.map((d) => (
          <li key={d.id}>
            <span className="document-name" lang={d.lang}>
              {d.name}
            </span>
            <span className="document-state" data-state={d.state}>
              {t(`property.document.${d.state}`)}
            </span>
            {withForm && d.state === 'notRequested' && (
              // Without JavaScript the server answers ?document= with the form open and the document chosen.
              <a href={`?document=${d.id}#${DOCUMENT_ANCHOR}`} className="document-request" data-icon="mail" onClick={(e) => chooseDocument(e, d.id, onChoose)}>
                <RequestLabel doc={d} />
              </a>
            )}
            {!withForm && d.requestHref && d.state === 'notRequested' && (
              <SmartLink href={d.requestHref} className="document-request" data-icon="mail">
                <RequestLabel doc={d} />
              </SmartLink>
            )}
          </li>
        ))}
      </ul>
      <p className="muted">{t('property.document.howTo')}</p>
      {children}
    </section>
  )
}

/** A request link's words: "Request", and for screen readers which document. */
function RequestLabel({ doc: d }: { doc: DocumentView }) {
  const t = useT()
  return (
    <>
      {t('property.document.request')}
      <span className="sr-only">
        {': '}
        <span lang={d.lang}>{d.name}</span>
      </span>
    </>
  )
}

/**
 * Opens the request form and has it choose document id (onChoose: the form
 * renders once opened and its code is there, then puts the focus on the
 * choice). A click that asks for another tab, or a page without the form's
 * disclosure, is left to the link, which the server answers with the form
 * open and the document chosen.
 */
function chooseDocument(e: MouseEvent<HTMLAnchorElement>, id: number, onChoose?: (id: number) => void) {
  if (!onChoose || !openLinkedDisclosure(e)) return
  wantForms()
  onChoose(id)
}

export function PointsOfInterest({ items, deps }: { items: PointOfInterest[]; deps: unknown[] }) {
  const t = useT()
  return (
    <PropertySection id="poi" title={t('property.pointsOfInterest')} className="property-figures" deps={deps}>
      <ul className="poi-list">
        {items.map((poi, i) => (
          <li key={i}>
            <span className="poi-kind">{t(`property.poi.${poi.Kind}`, { defaultValue: poi.Kind })}</span>
            <span>{poi.Name}</span>
            <span className="poi-distance">{formatDistance(poi.Distance)}</span>
          </li>
        ))}
      </ul>
    </PropertySection>
  )
}
