// The map frame's pure logic: reading the parent's message (never trusting
// it: only this origin's pages may post, and every field is checked), the
// labels Go writes into the page, and small text helpers.
import type { MapMessage, MapProperty } from './types'

export { MAP_READY } from './types'
export type { MapMessage, MapProperty } from './types'

/** The frame's words, written by Go (internal/http/web/mapframe.go) in the page's language. */
export interface Labels {
  title: string
  region: string
  help: string
  cluster: string
  countOne: string
  countOther: string
  empty: string
  zoomIn: string
  zoomOut: string
  close: string
}

const DEFAULT_LABELS: Labels = {
  title: 'Map', region: 'Map', help: '', cluster: '{{total}}', countOne: '{{total}}', countOther: '{{total}}', empty: '',
  zoomIn: 'Zoom in', zoomOut: 'Zoom out', close: 'Close',
}

export const DEFAULT_MARQUEE_IGNORE = [0, 3, 4, 13]

/** The labels of the page's JSON script, defaults for anything missing. */
export function readLabels(json: string | null | undefined): Labels {
  let data: unknown
  try {
    data = JSON.parse(json || '{}')
  } catch {
    data = {}
  }
  const out = { ...DEFAULT_LABELS }
  if (data && typeof data === 'object') {
    for (const k of Object.keys(out) as (keyof Labels)[]) {
      const v = (data as Record<string, unknown>)[k]
      if (typeof v === 'string' && v) out[k] = v
    }
  }
  return out
}

/** Whether a message event may be read: from this origin, and from the page that frames us. */
export function trusted(e: Pick<MessageEvent, 'origin' | 'source'>, win: Pick<Window, 'location' | 'parent'>): boolean {
  return e.origin === win.location.origin && e.source === win.parent
}

/** A path of this site ("/fr/…"), never "//host" or a scheme. */
function sitePath(v: unknown): string {
  return typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') && !v.includes('\\') ? v : ''
}

/** A picture address: a path of this site or an https address. */
function pictureUrl(v: unknown): string {
  if (typeof v !== 'string') return ''
  return sitePath(v) || (/^https:\/\/[^\s"'<>]+$/i.test(v) ? v : '')
}

const num = (v: unknown, def = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : def)
const str = (v: unknown) => (typeof v === 'string' ? v : '')

function readProperty(v: unknown): MapProperty | null {
  if (!v || typeof v !== 'object') return null
  const p = v as Record<string, unknown>
  const lat = num(p.lat, NaN)
  const lng = num(p.lng, NaN)
  // "" (or none): a marker without a card, e.g. the property page's own one; anything else must be a path of this site.
  const href = p.href === undefined || p.href === '' ? '' : sitePath(p.href)
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180) || (p.href && !href)) return null
  return {
    ID: num(p.ID), Goal: num(p.Goal), lat, lng, Price: num(p.Price), PublishPrice: p.PublishPrice === true, PriceUnit: num(p.PriceUnit),
    Marquee: num(p.Marquee), title: str(p.title), City: str(p.City), picture: pictureUrl(p.picture) || undefined, href,
    priceText: str(p.priceText),
    marquee: str(p.marquee) || undefined,
    marqueeLang: typeof p.marqueeLang === 'string' && /^[a-z]{2}$/.test(p.marqueeLang) ? p.marqueeLang : undefined,
  }
}

/** The message, checked: null when data is not one (another script's message); bad properties are left out. */
export function readMessage(data: unknown): MapMessage | null {
  if (!data || typeof data !== 'object') return null
  const d = data as Record<string, unknown>
  if (!Array.isArray(d.properties)) return null
  const properties: MapProperty[] = []
  for (const p of d.properties) {
    const ok = readProperty(p)
    if (ok) properties.push(ok)
  }
  const ignore = Array.isArray(d.marqueeIgnore) ? d.marqueeIgnore.filter((n): n is number => typeof n === 'number') : DEFAULT_MARQUEE_IGNORE
  return {
    properties,
    message: str(d.message),
    mapType: str(d.mapType) || 'roadmap',
    customMarker: pictureUrl(d.customMarker) || null,
    marqueeIgnore: ignore,
  }
}

/** Singular or plural as the app chooses (lib/i18n plural): French counts 0 and 1 as singular. */
export function countLabel(labels: Labels, lang: string, n: number): string {
  if (n === 0) return labels.empty
  const one = lang === 'fr' ? n <= 1 : n === 1
  return fill(one ? labels.countOne : labels.countOther, n)
}

/** A label with its {{total}} filled in. */
export function fill(label: string, total: number): string {
  return label.replace(/\{\{\s*total\s*\}\}/g, String(total))
}

/** SPEC §5: links to http…, //, tel: or mailto: open in a new tab (as lib/links.ts; the frame bundles none of the app). */
export function newTabLinks(root: ParentNode): void {
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (/^\s*(http|\/\/|tel:|mailto:)/i.test(a.getAttribute('href') ?? '')) {
      a.target = '_blank'
      a.rel = 'noopener'
    }
  }
}
