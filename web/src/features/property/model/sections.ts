// What a property page shows, section by section: each is computed from the
// props, and a section whose data is missing is null or empty, so the page
// leaves it out (the issue: "each shown only when its data exists").
import { formatPhone, formatSurface, telHref } from '../../../lib/format'
import type { Lang, TFn } from '../../../lib/i18n'
import { pick } from '../../../lib/site/text'
import type { Agency, Picture } from '../../../lib/site/types'
import { GOAL_SALE, streetLine } from '../../../shared/cards'
import type { PointOfInterest, Property } from '../../../shared/cards/model/types'
import { detailGroups, epcText, groupRows, type DetailGroup, type DetailRow } from './details'
import type { EPCView, PropertyDetail, PropertyMapView, PropertyProps } from './types'

/** The detail groups of SPEC §3 shown under "Details" (energy and money have sections of their own). */
export const DETAIL_GROUPS = ['general', 'rooms', 'surfaces', 'lifeAnnuity', 'features', 'flags', 'certificates', 'legal', 'flood', 'asbestos'] as const

export interface Fact {
  icon: string
  label: string
  value: string
}

export interface EnergyView {
  /** "C", "A++": the label by the region's scale (Go), else the certificate's. */
  label: string
  /** The label picture (Belgium only). */
  image?: string
  rows: DetailRow[]
  /** The renovation duty notice of SPEC §9 applies (see renovationNotice). */
  renovation: boolean
}

export interface LocationView {
  /** Street (when public), zip, city, country outside Belgium. */
  address: string
  /** "49.69178, 5.80852" (two decimals when the address is private: the position is rough). */
  coordinates: string
  approximate: boolean
  /** OpenStreetMap at the position, in a new tab (and the map's fallback without JavaScript). */
  mapHref: string
  /** The site's map frame with the property's marker, and street view: a published address only (Go decides). */
  map?: PropertyMapView
}

/**
 * SPEC §4 document states: "not yet requested" in the list, "will be sent by email" on the request's
 * thank-you page. A repeated request is answered as the first was: saying "already requested" to
 * whoever types an address would tell a stranger what its owner asked for.
 */
export type DocumentState = 'notRequested' | 'byEmail'

export interface DocumentView {
  id: number
  name: string
  /** The name's language when it fell back to another than the page's. */
  lang?: string
  state: DocumentState
  /** An e-mail to the agency asking for it (mailto:), when there is an address. */
  requestHref?: string
}

export interface ContactView {
  /** The manager's name, when the property has one. */
  name?: string
  agency: string
  /** As SPEC §5/§9 groups it ("0496 23 45 17") and its tel: address. */
  phone?: { text: string; href: string }
  /** The agency's own line when the manager's differs. */
  agencyPhone?: { text: string; href: string }
  email?: string
}

export interface PropertyView {
  pictures: Picture[]
  facts: Fact[]
  description: string
  energy: EnergyView | null
  financial: DetailRow[]
  details: DetailGroup[]
  location: LocationView | null
  /** The tour's address (http or https only), or "". */
  virtualTour: string
  documents: DocumentView[]
  pointsOfInterest: PointOfInterest[]
  contact: ContactView
}

/** The property's pictures: its gallery, else its large picture. */
export function picturesOf(p: Pick<Property, 'Pictures' | 'XLargePictureItem'>): Picture[] {
  const list = (p.Pictures ?? []).filter((pic) => pic?.Url)
  if (list.length) return list
  return p.XLargePictureItem?.Url ? [p.XLargePictureItem] : []
}

/** Houses (1), apartments (2) and studios (3, an apartment of one room): the types of SPEC §3 the renovation duty covers. */
export const RESIDENTIAL_TYPES: readonly number[] = [1, 2, 3]

/**
 * Whether the renovation notice of SPEC §9 shows: "houses and apartments
 * bought from 2023 with label E or F must be renovated to D or better
 * within 5 years".
 *
 * Our choice: properties for sale, of a residential type, in FLANDERS only,
 * with label E or F on the Flemish scale. The duty is Flemish law (in force
 * since 1 January 2023); Wallonia and Brussels have other scales (Brussels
 * has sub-grades: e_plus, e_min…) and no such duty in force, so showing the notice
 * there would tell a buyer something false. A sold property for sale keeps
 * it (the page describes the sale).
 */
export function renovationNotice(p: Pick<Property, 'Goal' | 'WebID'>, epc: EPCView | undefined): boolean {
  if (p.Goal !== GOAL_SALE || !RESIDENTIAL_TYPES.includes(p.WebID ?? 0)) return false
  if (epc?.region !== 'flanders') return false
  const label = epc.label.trim().toLowerCase()
  return label === 'e' || label === 'f'
}

/** The energy section: the label (image and text), the certificate's figures, the notice. */
export function energyView(p: Property, epc: EPCView | undefined, t: TFn, lang: string): EnergyView | null {
  const rows = groupRows('energy', p, t, lang)
  const own = rows.find((r) => r.key === 'epcLabel')
  // Go's label is the certificate's when the region's scale has it, else the value's class (SPEC §9).
  const label = epc?.label ? epcText(epc.label) : (own?.value ?? '')
  const others = rows.filter((r) => r.key !== 'epcLabel')
  if (!label && !others.length) return null
  const labelRow = label ? [{ key: 'epcLabel', label: t('property.field.epcLabel'), value: label }] : []
  return { label, image: epc?.image || undefined, rows: [...labelRow, ...others], renovation: renovationNotice(p, epc) }
}

const validCoordinate = (lat: unknown, lng: unknown): lat is number =>
  typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) &&
  Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0)

/** The address line of a property: street when public, zip and city, the country outside Belgium. */
export function addressLine(p: Property, boxLabel: string): string {
  const street = streetLine(p, boxLabel)
  const country = p.CountryID && p.CountryID !== 10 && p.CountryName ? ` (${p.CountryName})` : ''
  return `${street ? `${street}, ` : ''}${p.Zip} ${p.City}${country}`
}

/** Where the property is, when it has a position: address, coordinates, a map link; the map and street view for a published address. */
export function locationView(p: PropertyDetail, map: PropertyMapView | undefined, boxLabel: string): LocationView | null {
  const { Latitude: lat, Longitude: lng } = p
  if (!validCoordinate(lat, lng)) return null
  // A private address comes rounded to two decimals (catalog.Property.Public): say so, zoom out.
  const approximate = !p.PublishAddress
  const digits = approximate ? 2 : 5
  const la = lat.toFixed(digits)
  const lo = (lng as number).toFixed(digits)
  const zoom = approximate ? 14 : 16
  return {
    address: addressLine(p, boxLabel),
    coordinates: `${la}, ${lo}`,
    approximate,
    mapHref: `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=${zoom}/${la}/${lo}`,
    map: approximate ? undefined : map,
  }
}

/** The tour's address if it is a web address (never javascript: or data: in a frame). */
export function safeTourUrl(url: string | undefined): string {
  const u = (url ?? '').trim()
  return /^https?:\/\/[^\s/?#]+/i.test(u) ? u : ''
}

/** A mailto: address with a subject. */
export function mailto(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`
}

/** Who to contact: the manager (name, phone, e-mail), else the agency's. */
export function contactView(p: Property, agency: Agency): ContactView {
  const m = p.Manager
  const phone = m?.Phone?.trim() || agency.phone
  const email = m?.Email?.trim() || agency.email
  const line = (n: string) => ({ text: formatPhone(n), href: telHref(n) })
  return {
    name: m?.Name?.trim() || undefined,
    agency: agency.name,
    phone: phone ? line(phone) : undefined,
    agencyPhone: agency.phone && m?.Phone?.trim() && telHref(m.Phone) !== telHref(agency.phone) ? line(agency.phone) : undefined,
    email: email || undefined,
  }
}

/** Everything the page shows about p; empty parts are not shown. */
export function propertyView(props: PropertyProps & { property: PropertyDetail }, t: TFn, lang: Lang): PropertyView {
  const { property: p, epc, site } = props
  const title = props.title || ''
  const box = t('common.box')
  const contact = contactView(p, site.agency)
  const energy = energyView(p, epc, t, lang)
  const facts: Fact[] = []
  const fact = (icon: string, key: string, value: string | false | undefined | 0) => {
    if (value) facts.push({ icon, label: t(`property.field.${key}`), value })
  }
  fact('bed', 'bedrooms', !!p.Rooms?.Bedrooms && String(p.Rooms.Bedrooms))
  fact('bath', 'bathrooms', !!p.Rooms?.Bathrooms && String(p.Rooms.Bathrooms))
  fact('area', 'surfaceLiving', !!p.Surfaces?.SurfaceLiving && formatSurface(p.Surfaces.SurfaceLiving))
  fact('area', 'surfaceGround', !!p.Surfaces?.SurfaceGround && formatSurface(p.Surfaces.SurfaceGround))
  fact('calendar', 'constructionYear', !!p.ConstructionYear && String(p.ConstructionYear))
  fact('energy', 'epcLabel', energy?.label)
  const reference = p.Reference ? ` (${p.Reference})` : ''
  return {
    pictures: picturesOf(p),
    facts,
    description: (props.description ?? '').trim(),
    energy,
    financial: groupRows('financial', p, t, lang),
    details: detailGroups(p, t, lang, DETAIL_GROUPS),
    location: locationView(p, props.map, box),
    virtualTour: safeTourUrl(p.VirtualTour),
    documents: (p.Documents ?? [])
      .map((d) => ({ d, picked: pick(d.Name, lang) }))
      .filter(({ picked }) => picked.text.trim())
      .map(({ d, picked }) => ({
        id: d.ID,
        name: picked.text.trim(),
        ...(picked.lang ? { lang: picked.lang } : {}),
        state: 'notRequested' as const,
        requestHref: contact.email ? mailto(contact.email, t('property.document.subject', { document: picked.text.trim(), property: `${title}${reference}` })) : undefined,
      })),
    pointsOfInterest: (p.PointsOfInterest ?? []).filter((x) => x?.Name),
    contact,
  }
}

/** The names of the sections a view shows, in page order (tests; the page tests each part itself). */
export function sectionsOf(v: PropertyView): string[] {
  const shown: [string, boolean][] = [
    ['gallery', v.pictures.length > 0],
    ['facts', v.facts.length > 0],
    ['description', !!v.description],
    ['energy', !!v.energy],
    ['financial', v.financial.length > 0],
    ['details', v.details.length > 0],
    ['location', !!v.location],
    ['map', !!v.location?.map],
    ['streetView', !!v.location?.map],
    ['virtualTour', !!v.virtualTour],
    ['documents', v.documents.length > 0],
    ['pointsOfInterest', v.pointsOfInterest.length > 0],
    ['contact', true],
  ]
  return shown.filter(([, on]) => on).map(([k]) => k)
}
