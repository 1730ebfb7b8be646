import { useEffect, useRef } from 'react'
import { isAccepted, useConsent } from '../../../lib/consent'
import { usePage } from '../../../lib/router'
import type { BaseProps } from '../../../lib/site/types'
import { loadZoneMap } from '../model/map'
import type { SearchForm } from '../model/types'

/**
 * The zones on a map (Leaflet, drawn in the browser only): clicking a zone
 * ticks its box in the list beside it, which stays the form's field — the
 * map is hidden from assistive technology, the list does the same by
 * keyboard. Tiles of a third-party host wait for consent (SPEC §4): until
 * then the polygons alone.
 */
export function ZoneMap({ search, group }: { search: SearchForm; group: () => HTMLElement | null }) {
  const ref = useRef<HTMLDivElement>(null)
  const consent = useConsent()
  const thirdParty = usePage<Partial<BaseProps>>().props.site?.consent?.services?.some((s) => s.id === 'mapTiles')
  const tiles = search.tiles && (!thirdParty || isAccepted('unclassified', consent)) ? search.tiles : ''
  useEffect(() => {
    const el = ref.current
    const zones = search.zones ?? []
    if (!el || zones.length === 0) return
    const box = (id: string) => group()?.querySelector<HTMLInputElement>(`input[type="checkbox"][value="${CSS.escape(id)}"]`) ?? null
    let stop: (() => void) | undefined
    let cancelled = false
    loadZoneMap()
      .then((m) => {
        if (cancelled) return
        stop = m.drawZoneMap(el, {
          zones,
          tiles,
          attribution: search.attribution,
          isChosen: (id) => box(id)?.checked ?? false,
          toggle: (id) => box(id)?.click(),
          onChange: (fn) => {
            const g = group()
            g?.addEventListener('change', fn)
            return () => g?.removeEventListener('change', fn)
          },
        })
      })
      .catch(() => {
        /* the list stays: the form works without the map */
      })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [search, tiles, group])
  return (
    <>
      {/* Without JavaScript there is no map: its box and the words about it go (the list stays). */}
      <noscript>
        <style>{'.zone-map,.demand-zones .vf-hint{display:none}'}</style>
      </noscript>
      <div ref={ref} className="zone-map" aria-hidden="true" data-zone-map="" />
    </>
  )
}
