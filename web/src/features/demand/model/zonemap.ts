// The zones' map, loaded on demand (map.ts loadZoneMap): Leaflet in a chunk
// of its own, with its CSS, that only the demand register fetches after
// hydration. It draws each zone's polygon; a click ticks or unticks the
// zone's checkbox in the form (the list is the form's truth, the map a way
// to tick it), and the polygons follow the boxes.
import L from 'leaflet'
import leafletCss from 'leaflet/dist/leaflet.css?inline'
import { accentOf, addStyleOnce } from '../../../lib/ui/inlineStyle'
import type { ZoneMapOptions } from './map'

export function drawZoneMap(el: HTMLElement, o: ZoneMapOptions): () => void {
  addStyleOnce(leafletCss)
  const accent = accentOf(el)
  // keyboard: false — the map is hidden from assistive technology and the
  // list beside it is the keyboard's way: nothing in it takes a tab stop.
  const map = L.map(el, { scrollWheelZoom: false, keyboard: false, attributionControl: !!o.tiles, zoomSnap: 0.5 })
  if (o.tiles) L.tileLayer(o.tiles, { attribution: o.attribution, maxZoom: 18 }).addTo(map)
  const layers = new Map<string, L.GeoJSON>()
  const style = (on: boolean): L.PathOptions => ({ color: accent, weight: on ? 3 : 1.5, fillColor: accent, fillOpacity: on ? 0.45 : 0.08 })
  for (const z of o.zones) {
    const layer = L.geoJSON(z.area as GeoJSON.Geometry, { style: () => style(o.isChosen(z.id)) })
    layer.bindTooltip(z.name, { sticky: true })
    layer.on('click', () => o.toggle(z.id))
    layer.addTo(map)
    layers.set(z.id, layer)
  }
  const all = L.featureGroup([...layers.values()])
  if (all.getLayers().length) map.fitBounds(all.getBounds(), { padding: [12, 12] })
  const refresh = () => {
    for (const [id, layer] of layers) layer.setStyle(style(o.isChosen(id)))
  }
  const off = o.onChange(refresh)
  // Leaflet's controls (zoom buttons, the attribution's links) and its
  // paths would each take a tab stop in a box no screen reader hears of.
  const untab = () => {
    for (const n of el.querySelectorAll<HTMLElement | SVGElement>('a, button, input, [tabindex], path')) n.setAttribute('tabindex', '-1')
  }
  untab()
  const watcher = new MutationObserver(untab)
  watcher.observe(el, { childList: true, subtree: true })
  return () => {
    watcher.disconnect()
    off()
    map.remove()
  }
}
