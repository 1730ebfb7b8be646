import { describe, expect, it } from 'vitest'
import { countLabel, newTabLinks, readLabels, readMessage, trusted } from './message'

const property = { ID: 1, Goal: 0, lat: 49.68, lng: 5.83, Price: 1, PublishPrice: true, PriceUnit: 1, Marquee: 0, title: 'Villa – Arlon', City: 'Arlon', href: '/fr/a-vendre/arlon/villa/1/', priceText: '€ 1' }

describe('map frame message', () => {
  it('reads the list page message', () => {
    const msg = readMessage({ properties: [property], message: 'Voir le bien', mapType: 'roadmap', customMarker: null, marqueeIgnore: [0, 3, 4, 13] })
    expect(msg).toEqual({ properties: [{ ...property, picture: undefined }], message: 'Voir le bien', mapType: 'roadmap', customMarker: null, marqueeIgnore: [0, 3, 4, 13] })
  })

  it('ignores what is not one (other scripts post messages too)', () => {
    expect(readMessage(null)).toBeNull()
    expect(readMessage('{"properties":[]}')).toBeNull()
    expect(readMessage({ type: 'immo-map-ready' })).toBeNull()
  })

  it('leaves out properties without a place or with a foreign link, and foreign pictures', () => {
    const msg = readMessage({
      properties: [
        { ...property, lat: 'x' },
        { ...property, lat: 91 },
        { ...property, href: 'javascript:alert(1)' },
        { ...property, href: '//evil.example/' },
        { ...property, ID: 2, picture: 'javascript:x' },
        { ...property, ID: 3, picture: 'https://cdn.example/p.jpg' },
      ],
      customMarker: 'data:image/svg+xml,x',
    })!
    expect(msg.properties.map((p) => [p.ID, p.picture])).toEqual([[2, undefined], [3, 'https://cdn.example/p.jpg']])
    // No link at all is a marker without a card (the property page's own marker).
    expect(readMessage({ properties: [{ ...property, href: '' }, { ...property, ID: 4, href: undefined }] })!.properties.map((p) => [p.ID, p.href])).toEqual([[1, ''], [4, '']])
    expect(msg.customMarker).toBeNull()
    expect(msg.marqueeIgnore).toEqual([0, 3, 4, 13])
    expect(msg.mapType).toBe('roadmap')
  })

  it('keeps the status label and accepts only a language code for it', () => {
    const msg = readMessage({ properties: [{ ...property, Marquee: 9, marquee: 'Coup de cœur', marqueeLang: 'fr' }, { ...property, ID: 2, Marquee: 1, marquee: 'New', marqueeLang: '"><img src=x>' }] })!
    expect(msg.properties.map((p) => [p.marquee, p.marqueeLang])).toEqual([
      ['Coup de cœur', 'fr'],
      ['New', undefined],
    ])
  })

  it('trusts only its parent, from this origin', () => {
    const parent = {} as Window
    const win = { location: { origin: 'http://127.0.0.1:8080' } as Location, parent }
    expect(trusted({ origin: 'http://127.0.0.1:8080', source: parent }, win)).toBe(true)
    expect(trusted({ origin: 'https://evil.example', source: parent }, win)).toBe(false)
    expect(trusted({ origin: 'http://127.0.0.1:8080', source: {} as Window }, win)).toBe(false)
  })

  it('reads its labels and counts like the app', () => {
    const labels = readLabels(JSON.stringify({ countOne: '{{total}} bien sur la carte', countOther: '{{total}} biens sur la carte', empty: 'Aucun bien' }))
    expect(countLabel(labels, 'fr', 0)).toBe('Aucun bien')
    expect(countLabel(labels, 'fr', 1)).toBe('1 bien sur la carte')
    expect(countLabel(labels, 'fr', 43)).toBe('43 biens sur la carte')
    expect(readLabels('not json').zoomIn).toBe('Zoom in')
  })

  it('opens outside links in a new tab (SPEC §5)', () => {
    const div = document.createElement('div')
    div.innerHTML = '<a href="https://leafletjs.com">Leaflet</a><a href="/fr/">home</a><a href="mailto:x@y.be">mail</a>'
    newTabLinks(div)
    expect([...div.querySelectorAll('a')].map((a) => `${a.target}|${a.rel}`)).toEqual(['_blank|noopener', '|', '_blank|noopener'])
  })
})
