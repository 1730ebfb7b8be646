import { useState } from 'react'
import { formatListingPrice } from '../../../lib/format'
import { useLang, useT, type Lang, type TFn } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { Picture } from '../../../lib/site/types'
import { Gallery } from '../../../shared/gallery'
import { documentChoices, type ChosenDocument } from '../model/offer'
import type { Card } from '../../../shared/cards/model/types'
import { CardGrid, GOAL_SALE, pictureAlt } from '../../../shared/cards'
import { addressLine, propertyView } from '../model/sections'
import type { PropertyDetail, PropertyProps } from '../model/types'
import { ContactBar } from './ContactBar'
import { ContactBox } from './ContactBox'
import { Description } from './Description'
import { DocumentRequestForm, FriendForm, InformationForm, OfferForms, VisitForm } from './forms'
import { PropertySection } from './PropertySection'
import { Details, Documents, Energy, Facts, Financial, Location, PointsOfInterest } from './Sections'
import { VirtualTour } from './VirtualTour'
import { Slice } from '../../../lib/hydration/slices'
import { Static } from '../../../lib/hydration/Static'
import './property.css'

/**
 * A property: notice (sold, rented), title, address, price, photos, key
 * facts, description, energy certificate, financial information, details,
 * location, virtual tour, documents, points of interest, the agent, similar
 * properties. Every section shows only when its data exists. A missing
 * property (props.property null, HTTP 404) says so and offers others.
 */
export function PropertyPage(props: PropertyProps) {
  if (!props.property) return <MissingProperty {...props} />
  return <FoundProperty {...props} property={props.property} />
}

/** Other properties: cards, which never move in the browser (the server's HTML stays). */
function Similar({ items, lang, title }: { items: Card[] | null; lang: Lang; title: string }) {
  if (!items?.length) return null
  return (
    <Static as="section" deps={[items, lang]} aria-labelledby="similar-title" className="property-similar">
      <h2 id="similar-title">{title}</h2>
      <CardGrid items={items} lang={lang} level={3} perRow={4} />
    </Static>
  )
}

function MissingProperty({ notice, similar, listUrl, site }: PropertyProps) {
  const t = useT()
  const lang = useLang()
  return (
    <div className="page property-page property-missing">
      <div className="container">
        <div className="missing-box" role="status">
          <h1>{notice || t('errors.propertyNotFound')}</h1>
          <p>{t('property.missingText')}</p>
          {/* SPEC §8: a page not found offers the search — a plain form the sale list resolves. */}
          <form className="missing-search" role="search" method="get" action={listUrl || site.links.sale || site.links.home}>
            <label htmlFor="missing-search">{t('notFound.searchLabel')}</label>
            <span>
              <input id="missing-search" type="search" name="q" placeholder={t('notFound.searchPlaceholder')} />
              <button className="button" type="submit">{t('search.submit')}</button>
            </span>
          </form>
        </div>
        <p className="missing-actions">
          <Link href={listUrl || site.links.sale || site.links.home} className="button">
            {t('property.toList')}
          </Link>
        </p>
        <Similar items={similar} lang={lang} title={t('property.others')} />
      </div>
    </div>
  )
}

function galleryLabel(t: TFn, p: PropertyDetail): string {
  return t('gallery.label', { name: t('common.pictureAlt', { type: p.TypeDescription, city: p.City }) })
}

function FoundProperty(props: PropertyProps & { property: PropertyDetail }) {
  const { property: p, similar, notice, listUrl } = props
  const t = useT()
  const lang = useLang()
  const titleLang = (props.title && props.titleLang) || undefined
  const title = props.title || t(p.Goal === GOAL_SALE ? 'property.titleSale' : 'property.titleRent', { type: p.TypeDescription, city: p.City })
  const v = propertyView({ ...props, title }, t, lang)
  const closed = p.Status === 'sold' || p.Status === 'rented'
  const alt = (pic: Picture) => pictureAlt(t, p, pic.Name)
  const visits = (props.visit?.days?.length ?? 0) > 0
  // What the static sections are made of: the property's data and the page's language.
  const madeOf = [p, lang]
  // The document a "Request" link of the list asked the request form to choose (n: each click anew).
  const [chosen, setChosen] = useState<ChosenDocument>()
  return (
    <article className="page property-page" data-status={p.Status}>
      <div className="container">
        {notice && (
          <p className="notice property-notice" role="status">
            {notice}
          </p>
        )}
        <header className="property-header">
          <div>
            <h1 lang={titleLang}>{title}</h1>
            <p className="property-address" data-icon="pin">
              {addressLine(p, t('common.box'))}
            </p>
          </div>
          <div className="property-price-box">
            <p className="property-price">{formatListingPrice(p, lang)}</p>
            <p className="property-type">{p.Reference ? `${p.TypeDescription} · ${t('property.field.reference')} ${p.Reference}` : p.TypeDescription}</p>
          </div>
        </header>

        {v.pictures.length > 0 && <Slice key={p.ID}><Gallery pictures={v.pictures} alt={alt} label={galleryLabel(t, p)} /></Slice>}

        <div className="property-layout">
          <div className="property-main">
            {/* The figures and texts never move in the browser: the server's HTML stays (lib/hydration/Static). */}
            {v.facts.length > 0 && <Facts facts={v.facts} deps={madeOf} />}
            {v.description && (
              <PropertySection id="description" title={t('property.description')} deps={[v.description, props.descriptionLang]}>
                <Description text={v.description} lang={props.descriptionLang || undefined} />
              </PropertySection>
            )}
            {v.energy && <Energy energy={v.energy} deps={[...madeOf, props.epc]} />}
            {v.financial.length > 0 && <Financial rows={v.financial} deps={madeOf} />}
            {v.details.length > 0 && <Details groups={v.details} deps={madeOf} />}
            {v.location && <Slice><Location location={v.location} title={title} /></Slice>}
            {v.virtualTour && <Slice><VirtualTour url={v.virtualTour} title={title} /></Slice>}
            {v.documents.length > 0 && (
              <Slice>
                <Documents documents={v.documents} onChoose={(id) => setChosen((c) => ({ id, n: (c?.n ?? 0) + 1 }))}>
                  {props.offer && <DocumentRequestForm documents={documentChoices(p, lang)} chosen={chosen} />}
                </Documents>
              </Slice>
            )}
            {v.pointsOfInterest.length > 0 && <PointsOfInterest items={v.pointsOfInterest} deps={madeOf} />}
            {/* Each form a part of its own: their wrappers' setup was a third of the view's own part. */}
            <Slice><InformationForm /></Slice>
            <Slice><VisitForm /></Slice>
            <Slice><FriendForm /></Slice>
            <Slice><OfferForms property={p} terms={props.offer} /></Slice>
          </div>
          <div className="property-aside">
            <Slice><ContactBox contact={v.contact} closed={closed} visits={visits} /></Slice>
          </div>
        </div>

        {!!similar?.length && <Similar items={similar} lang={lang} title={t('property.similar')} />}
        <p className="property-back">
          <Link href={listUrl}>{t('property.backToList')}</Link>
        </p>
      </div>
      <Slice><ContactBar contact={v.contact} visits={visits} /></Slice>
    </article>
  )
}
