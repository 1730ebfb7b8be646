// Reading server-rendered documents without a browser: what a visitor (or a
// crawler) gets before any script runs.

const APP_OPEN = '<div id="app">'
const PAGE_OPEN = '<script type="application/json" id="page">'

/**
 * Fetches a document the way a browser's first request does (no X-Inertia).
 * @returns {Promise<{status: number, url: string, html: string, app: string|null, page: any, text: string}>}
 *   app: the markup inside <div id="app"> (null when the div is missing);
 *   page: the parsed Inertia page object (null when the script is missing);
 *   text: the app's visible text, tags removed, entities decoded, whitespace collapsed.
 */
export async function fetchDocument(url) {
  const res = await fetch(url, { headers: { Accept: 'text/html' } })
  const html = await res.text()
  const app = appMarkup(html)
  return { status: res.status, url: res.url, html, app, page: pageObject(html), text: textOf(app ?? '') }
}

/** The markup between <div id="app"> and the page object script. */
export function appMarkup(html) {
  const start = html.indexOf(APP_OPEN)
  if (start < 0) return null
  let end = html.indexOf(PAGE_OPEN, start)
  if (end < 0) end = html.lastIndexOf('</body>')
  return html.slice(start + APP_OPEN.length, end).replace(/<\/div>\s*$/, '')
}

/** The page object embedded as <script type="application/json" id="page">. */
export function pageObject(html) {
  const start = html.indexOf(PAGE_OPEN)
  if (start < 0) return null
  const end = html.indexOf('</script>', start)
  return JSON.parse(html.slice(start + PAGE_OPEN.length, end))
}

/** The <main> element's markup when there is one, else all of it. */
export function mainMarkup(markup) {
  const m = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(markup)
  return m ? m[1] : markup
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Visible text of some markup, whitespace (including NBSP and NNBSP) collapsed to single spaces. */
export function textOf(markup) {
  return normalize(
    markup
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e) => {
        if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
        return ENTITIES[e.toLowerCase()] ?? all
      }),
  )
}

export function normalize(s) {
  return String(s).replace(/\s+/g, ' ').trim()
}

/** All href attribute values in some markup, entity-decoded. */
export function hrefsIn(markup) {
  return [...markup.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)].map((m) => m[1].replace(/&amp;/g, '&'))
}

/** A listing's title in a language: titles are strings in lists and per-language maps on detail pages. */
export function titleOf(item, lang) {
  const t = item?.Title
  if (!t || typeof t === 'string') return t ?? ''
  return t[lang] || t.fr || Object.values(t).find(Boolean) || ''
}

/** Belgian Dutch price style, the spec's for every language: "€ 350.000". */
export const PRICE = /€\s?\d{1,3}(\.\d{3})+/

/** A pattern for one price in that style, e.g. 315000 → /€\s?315\.000(?![.,]?\d)/. */
export function pricePattern(value) {
  const dotted = String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return new RegExp('€\\s?' + dotted.replace(/\./g, '\\.') + '(?![.,]?\\d)')
}
