// The map frame, /map-frame/?lang=xx (internal/http/web/mapframe.go): a page of
// its own, embedded by the list page, that waits for the list page's
// message (./types.ts) and shows one marker per property with its price,
// in clusters where they overlap; a marker opens a card linking to the
// property (in the top page). Plain TypeScript and Leaflet: no React, and
// nothing of the app's bundle.
//
// Keyboard: Tab reaches the zoom buttons, the map (arrows move it, + and −
// zoom) and every marker and cluster; Enter or Space on a marker opens its
// card and moves the focus to its link, on a cluster zooms in to it; Escape
// closes the card and gives the focus back to the marker.
import L from 'leaflet'
import 'leaflet.markercluster'
import leafletCss from 'leaflet/dist/leaflet.css?inline'
import clusterCss from 'leaflet.markercluster/dist/MarkerCluster.css?inline'
import frameCss from './map.css?inline'
import { countLabel, fill, MAP_READY, newTabLinks, readLabels, readMessage, trusted, type MapMessage, type MapProperty } from './message'

// The styles travel in this module (?inline): the app's single stylesheet stays free of Leaflet's.
const style = document.createElement('style')
style.textContent = leafletCss + clusterCss + frameCss
document.head.append(style)

const el = document.getElementById('map') as HTMLElement
const status = document.getElementById('map-status')
const labels = readLabels(document.getElementById('map-labels')?.textContent)
const lang = document.documentElement.lang

// Leaflet focuses the map on a mouse press (for its keyboard handler), and
// the browser then scrolls the list page to show the whole frame: the
// release lands elsewhere and the marker's click is lost. Focus it without
// scrolling.
const keyboardHandler = (L.Map as unknown as { Keyboard: { prototype: { _onMouseDown(): void; _focused?: boolean; _map: L.Map } } }).Keyboard.prototype
keyboardHandler._onMouseDown = function () {
  if (!this._focused) this._map.getContainer().focus({ preventScroll: true })
}

/** Belgium, until the markers arrive. */
const START: L.LatLngExpression = [50.5, 4.6]

const map = L.map(el, { center: START, zoom: 8, minZoom: 3, maxZoom: 18, zoomControl: false, attributionControl: false, keyboard: true })
L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map)
const attribution = L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map)
// IMMO_MAP_TILES: a tile URL template, or none at all ("none": tests, no request leaves the machine).
if (el.dataset.tiles) L.tileLayer(el.dataset.tiles, { maxZoom: 19, attribution: el.dataset.attribution ?? '' }).addTo(map)
newTabLinks(attribution.getContainer()!)

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
/** A lang attribute for text in another language than the page's (readMessage checked the code). */
const langAttr = (l: string | undefined) => (l ? ` lang="${escapeHtml(l)}"` : '')

const group = L.markerClusterGroup({
  showCoverageOnHover: false,
  maxClusterRadius: 80,
  spiderfyOnMaxZoom: true,
  iconCreateFunction(cluster) {
    const n = cluster.getChildCount()
    return L.divIcon({
      className: 'map-cluster',
      iconSize: L.point(44, 44),
      html: `<span aria-hidden="true">${n}</span><span class="sr-only">${escapeHtml(fill(labels.cluster, n))}</span>`,
    })
  },
})
map.addLayer(group)

function priceIcon(p: MapProperty, msg: MapMessage, opens: boolean): L.DivIcon {
  const highlight = !msg.marqueeIgnore.includes(p.Marquee)
  const marquee = highlight && p.marquee ? `<span${langAttr(p.marqueeLang)}>${escapeHtml(p.marquee)}</span>, ` : ''
  const picture = msg.customMarker ? `<img src="${escapeHtml(msg.customMarker)}" alt="" class="map-price-img">` : ''
  return L.divIcon({
    className: opens ? 'map-marker' : 'map-marker map-marker-still',
    iconSize: undefined,
    html:
      // A marquee (new, price cut…) stands out by more than its colour: a star.
      `<span class="map-price${highlight ? ' map-price-marquee' : ''}">${picture}${highlight ? '<span aria-hidden="true">★</span>' : ''}` +
      `<span class="sr-only">${marquee}${escapeHtml(p.title)}: </span>${escapeHtml(p.priceText)}</span>`,
  })
}

/** The card a marker opens: picture, price, title, and the link to the property in the top page. */
function card(p: MapProperty, msg: MapMessage): HTMLElement {
  const a = document.createElement('a')
  a.className = 'map-card'
  a.href = p.href
  a.target = '_top'
  if (p.picture) {
    const img = document.createElement('img')
    img.src = p.picture
    img.alt = p.title
    img.width = 250
    img.height = 167
    a.append(img)
  }
  const body = document.createElement('span')
  body.className = 'map-card-body'
  const price = document.createElement('span')
  price.className = 'map-card-price'
  price.textContent = p.priceText
  const title = document.createElement('span')
  title.className = 'map-card-title'
  title.textContent = p.title
  body.append(price, title)
  if (p.marquee && !msg.marqueeIgnore.includes(p.Marquee)) {
    const badge = document.createElement('span')
    badge.className = 'map-card-marquee'
    badge.textContent = p.marquee
    if (p.marqueeLang) badge.lang = p.marqueeLang
    price.append(' ', badge)
  }
  if (msg.message) {
    const more = document.createElement('span')
    more.className = 'map-card-more'
    more.textContent = msg.message
    body.append(more)
  }
  a.append(body)
  return a
}

const iconOf = (layer: L.Layer | null | undefined) => (layer as L.Marker | undefined)?.getElement?.()

// A card opened from the keyboard takes the focus; closed, it gives it back to its marker.
let keyboardOpened: L.Marker | null = null
map.on('popupopen', (e) => {
  const node = e.popup.getElement()
  const close = node?.querySelector<HTMLElement>('.leaflet-popup-close-button')
  if (close) {
    close.setAttribute('aria-label', labels.close)
    close.title = labels.close
  }
  if (keyboardOpened) node?.querySelector<HTMLElement>('.map-card')?.focus()
})
map.on('popupclose', (e) => {
  const source = (e.popup as L.Popup & { _source?: L.Marker })._source
  if (keyboardOpened && keyboardOpened === source) iconOf(group.getVisibleParent(source) ?? source)?.focus()
  keyboardOpened = null
})

const activates = (e: KeyboardEvent) => e.key === 'Enter' || e.key === ' '

/**
 * Moves the focus to what shows marker once the map has moved (or, should it
 * not move, a little later) — unless the visitor has moved it elsewhere
 * meanwhile (the cluster's icon, the map or nothing had it).
 */
function handFocus(marker: L.Marker, from: HTMLElement | undefined) {
  let done = false
  const go = () => {
    if (done) return
    done = true
    const active = document.activeElement
    if (active && active !== document.body && active !== from && active !== el) return
    iconOf(group.getVisibleParent(marker) ?? marker)?.focus()
  }
  map.once('moveend', () => setTimeout(go, 350))
  setTimeout(go, 1500)
}

/** Enter or Space on a cluster: zoom in to it (spread it out at the last zoom), then focus what shows its first marker. */
group.on('clusterkeydown', (e) => {
  const ev = (e as L.LeafletKeyboardEvent).originalEvent
  if (!activates(ev)) return
  ev.preventDefault()
  const cluster = (e as unknown as { layer: L.MarkerCluster }).layer
  const first = cluster.getAllChildMarkers()[0]
  const from = iconOf(cluster)
  if (map.getZoom() >= map.getMaxZoom() || cluster.getBounds().getNorthEast().equals(cluster.getBounds().getSouthWest())) {
    cluster.spiderfy()
    setTimeout(() => iconOf(first)?.focus(), 300)
    return
  }
  handFocus(first, from)
  cluster.zoomToBounds({ padding: [40, 40] })
})

function show(msg: MapMessage) {
  map.closePopup()
  group.clearLayers()
  const markers = msg.properties.map((p) => {
    // A marker without a link (the property page's own) opens nothing: no card, no focus stop, no pointer.
    if (!p.href) return L.marker([p.lat, p.lng], { icon: priceIcon(p, msg, false), keyboard: false, interactive: false })
    const m = L.marker([p.lat, p.lng], { icon: priceIcon(p, msg, true), keyboard: true, riseOnHover: true })
    m.bindPopup(() => card(p, msg), { minWidth: 220, maxWidth: 280, autoPanPadding: L.point(24, 24) })
    m.on('keydown', (e) => {
      const ev = (e as L.LeafletKeyboardEvent).originalEvent
      if (!activates(ev)) return
      ev.preventDefault() // Space would scroll; Enter's keypress would open it again
      keyboardOpened = m
      m.openPopup()
    })
    return m
  })
  group.addLayers(markers)
  if (markers.length === 1) map.setView(markers[0].getLatLng(), 16, { animate: false })
  else if (markers.length) map.fitBounds(group.getBounds(), { padding: [48, 48], maxZoom: 15, animate: false })
  else map.setView(START, 8, { animate: false })
  el.dataset.mapType = msg.mapType
  document.body.dataset.markers = String(markers.length)
  if (status) status.textContent = countLabel(labels, lang, markers.length)
}

// Escape closes the card wherever the focus is (Leaflet only listens while the map itself has it).
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') map.closePopup()
})

window.addEventListener('message', (e) => {
  if (!trusted(e, window)) return
  const msg = readMessage(e.data)
  if (msg) show(msg)
})

// Tell the list page we listen: it sends the message (again) 50 ms later.
if (window.parent !== window) window.parent.postMessage({ type: MAP_READY }, location.origin)
