import { describe, expect, it } from 'vitest'
import { tFor } from '../../../lib/i18n'
import { pagesIn, property as fixture, shell } from '../../../test/fixtures'
import type { PropertyDetail, PropertyMapView, PropertyProps } from './types'
import { contactView, locationView, propertyView, renovationNotice, safeTourUrl, sectionsOf } from './sections'

const t = tFor('en')

function props(over: Partial<PropertyDetail> = {}, extra: Partial<PropertyProps> = {}): PropertyProps & { property: PropertyDetail } {
  const base = pagesIn('en')[3].props as unknown as PropertyProps
  const property: PropertyDetail = { ...fixture(), Latitude: 49.691779, Longitude: 5.808516, PublishAddress: true, Street: 'Grand-Rue', HouseNumber: '4', ...over }
  return { ...base, ...extra, property }
}

const sections = (p: PropertyProps & { property: PropertyDetail }) => sectionsOf(propertyView(p, t, 'en'))

describe('property sections: each only when its data exists', () => {
  it('shows every section of a complete property', () => {
    expect(sections(props())).toEqual([
      'gallery', 'facts', 'description', 'energy', 'financial', 'details', 'location', 'virtualTour', 'documents', 'pointsOfInterest', 'contact',
    ])
  })

  it('leaves out what a property lacks', () => {
    const bare = props(
      {
        Pictures: [], XLargePictureItem: { Url: '' }, Financial: undefined, Documents: undefined, PointsOfInterest: [], VirtualTour: '',
        Latitude: undefined, Longitude: undefined, EnergyCertificate: undefined, EnergyPerformance: undefined, EPCLabelText: '',
        Rooms: undefined, Surfaces: undefined, ConstructionYear: 0, RenovationYear: 0, Reference: '', Availability: undefined, Features: undefined,
        Flags: undefined, Legal: undefined, Flood: undefined, Asbestos: undefined, Certificates: undefined, LifeAnnuity: undefined,
      },
      { description: '', epc: undefined },
    )
    expect(sections(bare)).toEqual(['contact'])
  })

  it('a property without Financial shows no financial section, the rest stays', () => {
    const s = sections(props({ Financial: undefined }))
    expect(s).not.toContain('financial')
    expect(s).toContain('details')
    // Zero amounts are no data either.
    expect(sections(props({ Financial: { MonthlyRent: 0, Deposit: 0 } }))).not.toContain('financial')
    expect(propertyView(props({ Financial: { Deposit: 3480, VATValue: 21 } }), t, 'en').financial.map((r) => [r.label, r.value])).toEqual([
      ['Rental deposit', '€ 3.480'],
      ['VAT rate', '21 %'],
    ])
  })

  it('the gallery falls back to the large picture', () => {
    const v = propertyView(props({ Pictures: undefined }), t, 'en')
    expect(v.pictures.map((p) => p.Url)).toEqual(['/pictures/demo/house-01.jpg'])
  })

  it('details: the groups of SPEC §3 besides energy and money', () => {
    const keys = propertyView(props(), t, 'en').details.map((g) => g.key)
    expect(keys).toEqual(['general', 'rooms', 'surfaces', 'lifeAnnuity', 'features', 'flags', 'certificates', 'legal', 'flood', 'asbestos'])
    expect(propertyView(props({ LifeAnnuity: undefined, Flood: undefined }), t, 'en').details.map((g) => g.key)).not.toContain('flood')
  })

  it('energy: Go’s label (region scale), the figures, no notice outside Flanders', () => {
    const v = propertyView(props(), t, 'en')
    expect(v.energy?.label).toBe('A++')
    expect(v.energy?.image).toBe('/images/epc/wallonia/a_plusplus.svg')
    expect(v.energy?.rows.map((r) => r.value)).toEqual(['A++', '-8 kWh/m²', '-1.376 kWh', 'E30', '3 kg CO₂/m²', '17/04/2031', '20210417169945'])
    expect(v.energy?.renovation).toBe(false)
    // The agency's label text only, outside Belgium: no image.
    const lux = propertyView(props({ EnergyCertificate: undefined, EPCLabelText: 'B' }, { epc: { label: 'b' } }), t, 'en')
    expect(lux.energy).toMatchObject({ label: 'B', image: undefined })
  })

  it('location: OpenStreetMap link and coordinates; rough for a private address', () => {
    const l = locationView(props().property, undefined, 'box')!
    expect(l.mapHref).toBe('https://www.openstreetmap.org/?mlat=49.69178&mlon=5.80852#map=16/49.69178/5.80852')
    expect(l.coordinates).toBe('49.69178, 5.80852')
    expect(l.address).toBe('Grand-Rue 4, 6700 Arlon')
    expect(l.map).toBeUndefined()
    const priv = locationView(props({ PublishAddress: false, Latitude: 49.69, Longitude: 5.81 }).property, undefined, 'box')!
    expect(priv).toMatchObject({ approximate: true, coordinates: '49.69, 5.81', address: '6700 Arlon' })
    expect(priv.mapHref).toContain('#map=14/')
    expect(locationView(props({ Latitude: 0, Longitude: 0 }).property, undefined, 'box')).toBeNull()
    expect(locationView(props({ Latitude: 91, Longitude: 5 }).property, undefined, 'box')).toBeNull()
  })

  it('map and street view only when Go sends them, never for a private address', () => {
    const map: PropertyMapView = {
      marker: { ID: 1, Goal: 0, lat: 49.69178, lng: 5.80852, Price: 1, PublishPrice: true, PriceUnit: 1, Marquee: 0, title: 'Villa – Arlon', City: 'Arlon', href: '' },
      streetView: { link: 'https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=49.691780,5.808520' },
    }
    expect(sections(props())).not.toContain('map')
    expect(sections(props())).not.toContain('streetView')
    expect(locationView(props().property, map, 'box')!.map).toBe(map)
    expect(sections(props({}, { map }))).toEqual(expect.arrayContaining(['location', 'map', 'streetView']))
    // Should a private address come with one, it is not shown.
    expect(locationView(props({ PublishAddress: false }).property, map, 'box')!.map).toBeUndefined()
  })

  it('virtual tour: web addresses only', () => {
    expect(safeTourUrl('https://my.matterport.com/show/?m=x')).toBe('https://my.matterport.com/show/?m=x')
    expect(safeTourUrl(' http://tour.example/1 ')).toBe('http://tour.example/1')
    expect(safeTourUrl('javascript:alert(1)')).toBe('')
    expect(safeTourUrl('data:text/html,x')).toBe('')
    expect(safeTourUrl(undefined)).toBe('')
    expect(sections(props({ VirtualTour: 'javascript:alert(1)' }))).not.toContain('virtualTour')
  })

  it('documents: not yet requested, with an e-mail request naming the document and the property', () => {
    const [d] = propertyView(props(), t, 'en').documents
    expect(d).toMatchObject({ id: 1, name: 'EPC certificate', state: 'notRequested' })
    expect(decodeURIComponent(d.requestHref!)).toBe(
      'mailto:marc.schmit@immo-arlon.be?subject=Document request: EPC certificate – Villa 4 chambres à Arlon (ARL-1060)',
    )
    expect(sections(props({ Documents: [] }))).not.toContain('documents')
    // A name missing in every language is no document.
    expect(sections(props({ Documents: [{ ID: 2, Name: {} }] }))).not.toContain('documents')
  })
})

describe('the contact box', () => {
  const agency = shell('en').agency
  it('the manager: name, phone grouped (SPEC §9) with its tel: address, e-mail; the agency line too', () => {
    const c = contactView(props().property, agency)
    expect(c.name).toBe('Marc Schmit')
    expect(c.phone).toEqual({ text: '0496 23 45 17', href: 'tel:+32496234517' })
    expect(c.agencyPhone).toEqual({ text: '063 22 44 55', href: 'tel:+3263224455' })
    expect(c.email).toBe('marc.schmit@immo-arlon.be')
  })
  it('without a manager, the agency', () => {
    const c = contactView(props({ Manager: undefined }).property, agency)
    expect(c.name).toBeUndefined()
    expect(c.phone).toEqual({ text: '063 22 44 55', href: 'tel:+3263224455' })
    expect(c.agencyPhone).toBeUndefined()
    expect(c.email).toBe('info@immo-arlon.be')
  })
  it('a manager without phone or e-mail falls back per field', () => {
    const c = contactView(props({ Manager: { Name: 'Ann' } }).property, agency)
    expect(c).toMatchObject({ name: 'Ann', email: 'info@immo-arlon.be', phone: { text: '063 22 44 55' } })
  })
})

describe('the renovation notice (SPEC §9: E or F, renovate to D within 5 years)', () => {
  const flanders = (label: string) => ({ label, region: 'flanders' })
  it('shows for houses, apartments and studios for sale with E or F in Flanders', () => {
    for (const WebID of [1, 2, 3]) {
      expect(renovationNotice({ Goal: 0, WebID }, flanders('e')), `type ${WebID} e`).toBe(true)
      expect(renovationNotice({ Goal: 0, WebID }, flanders('f')), `type ${WebID} f`).toBe(true)
    }
  })
  it('not for other labels, rents, other types, other regions or no label', () => {
    for (const label of ['a_plus', 'a', 'b', 'c', 'd']) expect(renovationNotice({ Goal: 0, WebID: 1 }, flanders(label)), label).toBe(false)
    expect(renovationNotice({ Goal: 1, WebID: 1 }, flanders('e'))).toBe(false)
    for (const WebID of [4, 5, 6, 7]) expect(renovationNotice({ Goal: 0, WebID }, flanders('f')), `type ${WebID}`).toBe(false)
    expect(renovationNotice({ Goal: 0, WebID: 1 }, { label: 'e', region: 'wallonia' })).toBe(false)
    expect(renovationNotice({ Goal: 0, WebID: 1 }, { label: 'e_plus', region: 'brussels' })).toBe(false)
    expect(renovationNotice({ Goal: 0, WebID: 1 }, { label: 'e' })).toBe(false)
    expect(renovationNotice({ Goal: 0, WebID: 1 }, undefined)).toBe(false)
  })
  it('the page view carries it', () => {
    const v = propertyView(props({ WebID: 2 }, { epc: { label: 'f', image: '/images/epc/flanders/f.svg', region: 'flanders' } }), t, 'en')
    expect(v.energy?.renovation).toBe(true)
    expect(t('property.renovationNotice')).toContain('within 5 years')
  })
})
