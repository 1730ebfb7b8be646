import { describe, expect, it } from 'vitest'
import { translate, tFor } from '../../../lib/i18n'
import { MAP_READY as FRAME_READY } from '../../../map/types'
import { buildMapMessage, MAP_MESSAGE_DELAY, MAP_READY, mapFrameSrc } from './message'
import type { Marker } from './types'

const marker = (over: Partial<Marker> = {}): Marker => ({
  ID: 4100004, Goal: 0, lat: 49.68, lng: 5.83, Price: 325000, PublishPrice: true, PriceUnit: 1, Marquee: 0,
  title: 'Villa – Arlon', City: 'Arlon', picture: '/pictures/demo/house-05.jpg', href: '/fr/a-vendre/arlon/villa/4100004/', ...over,
})

describe('map message', () => {
  it('carries the SPEC §2 fields: properties with their price text, message, map type, custom marker, marquee ignore list', () => {
    const msg = buildMapMessage(
      [marker(), marker({ ID: 2, PublishPrice: false }), marker({ ID: 3, PriceUnit: 7, Price: 338000, picture: undefined })],
      'fr',
      tFor('fr'),
    )
    expect(Object.keys(msg).sort()).toEqual(['customMarker', 'mapType', 'marqueeIgnore', 'message', 'properties'])
    expect(msg.mapType).toBe('roadmap')
    expect(msg.customMarker).toBeNull()
    expect(msg.marqueeIgnore).toEqual([0, 3, 4, 13])
    expect(msg.message).toBe(translate('fr', 'map.viewProperty'))
    expect(msg.properties.map((p) => p.priceText)).toEqual([
      '€ 325.000',
      translate('fr', 'rules.price.onRequest'),
      `${translate('fr', 'rules.price.from')} € 338.000`,
    ])
    // Everything of the marker travels, the picture at a card's width (SPEC §7).
    expect(msg.properties[0]).toMatchObject({ ID: 4100004, lat: 49.68, lng: 5.83, href: '/fr/a-vendre/arlon/villa/4100004/', title: 'Villa – Arlon' })
    expect(msg.properties[0].picture).toBe('/pictures/demo/house-05.jpg?width=400&height=auto&format=webp')
    expect(msg.properties[2].picture).toBeUndefined()
    // Plain data: structured-clonable, as postMessage needs.
    expect(structuredClone(msg)).toEqual(msg)
  })

  it('speaks the page language and takes options', () => {
    const msg = buildMapMessage(null, 'de', tFor('de'), { customMarker: '/marker.svg', mapType: 'satellite' })
    expect(msg.properties).toEqual([])
    expect(msg.message).toBe(translate('de', 'map.viewProperty'))
    expect(msg.customMarker).toBe('/marker.svg')
    expect(msg.mapType).toBe('satellite')
  })

  it('agrees with the frame', () => {
    expect(MAP_READY).toBe(FRAME_READY)
    expect(MAP_MESSAGE_DELAY).toBe(50)
    expect(mapFrameSrc('nl')).toBe('/map-frame/?lang=nl')
  })
})
