// The message the list page posts to the map frame (SPEC §2, §7): the
// property list with each price formatted as the cards show it, the
// message text, the map type, a custom marker and the marquee ignore list.
import { formatListingPrice } from '../../../lib/format'
import type { Lang, TFn } from '../../../lib/i18n'
import { sized } from '../../../lib/images'
import type { MapMessage } from '../../../map/types'
import { HIDDEN_MARQUEES, marqueeOf } from '../../cards'
import type { Marker } from './types'

export type { MapMessage, MapProperty } from '../../../map/types'

/** The frame's "I listen" message (map/types.ts MAP_READY; kept apart so the app bundles nothing of the frame). */
export const MAP_READY = 'immo-map-ready'

/** SPEC §7: the message goes 50 ms after the frame has loaded. */
export const MAP_MESSAGE_DELAY = 50

/** The width the marker card's picture is asked at (SPEC §7 widths). */
const CARD_PICTURE_WIDTH = 400

export interface MapOptions {
  mapType?: string
  customMarker?: string | null
}

/** The message for markers in lang. */
export function buildMapMessage(markers: readonly Marker[] | null | undefined, lang: Lang, t: TFn, opts: MapOptions = {}): MapMessage {
  return {
    properties: (markers ?? []).map((m) => {
      const marquee = marqueeOf(t, m, lang)
      return {
        ...m,
        picture: m.picture ? sized(m.picture, CARD_PICTURE_WIDTH) : undefined,
        priceText: formatListingPrice(m, lang),
        marquee: marquee?.text,
        marqueeLang: marquee?.lang,
      }
    }),
    message: t('map.viewProperty'),
    mapType: opts.mapType ?? 'roadmap',
    customMarker: opts.customMarker ?? null,
    marqueeIgnore: [...HIDDEN_MARQUEES],
  }
}

/** The frame's address in lang. */
export function mapFrameSrc(lang: Lang): string {
  return `/map-frame/?lang=${lang}`
}
