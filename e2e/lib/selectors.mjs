// Every assumption the tests make about the views' markup lives here, so a
// change in the React views means a change in this file only. The rest of
// the contract is the server's (URLs, the page object, the document shell)
// and comes from route_test.go and SPEC §2 (the agency's specification).

/** The sale list per language (SPEC §2: nl te-koop, fr a-vendre). */
export const SALE_LIST = { fr: '/fr/a-vendre/', nl: '/nl/te-koop/', en: '/en/for-sale/' }

/** A property's pretty URL on a sale list: /fr/a-vendre/{city}/{type}/{id}/ — group 1 is the ID. */
export function detailPath(lang) {
  const list = SALE_LIST[lang].replace(/\//g, '\\/')
  return new RegExp(`^${list}[^/"?#]+\\/[^/"?#]+\\/(\\d+)\\/$`)
}

/** The page's own content: <main> (or role=main), else the whole app. */
export async function content(page) {
  const main = page.locator('#app main, #app [role="main"]')
  return (await main.count()) > 0 ? main.first() : page.locator('#app')
}

/** A visible link in the header or a navigation landmark, by its exact href. */
export function menuLink(page, href) {
  return page
    .locator(`header a[href="${href}"], nav a[href="${href}"], [role="banner"] a[href="${href}"]`)
    .filter({ visible: true })
    .first()
}

/**
 * The paging link to page n: a[rel=next] (from page n-1) or the link whose
 * text is exactly n inside a labelled nav (<nav aria-label="Pagination">).
 */
export function pagingLink(page, n) {
  const byNumber = page.locator('nav[aria-label] a').filter({ hasText: new RegExp(`^\\s*${n}\\s*$`) })
  return page.locator('a[rel~="next"]').or(byNumber).filter({ visible: true }).first()
}

/** The distinct hrefs of property cards in the content, in document order. */
export async function cardHrefs(page, lang) {
  const pattern = detailPath(lang).source
  const root = await content(page)
  return root.evaluate((el, source) => {
    const re = new RegExp(source)
    const seen = new Set()
    for (const a of el.querySelectorAll('a[href]')) {
      const href = a.getAttribute('href')
      const path = new URL(href, location.href).pathname
      if (re.test(path) && !seen.has(href)) seen.add(href)
    }
    return [...seen]
  }, pattern)
}

/** A card's link (the first visible one: cards often link both picture and title). */
export async function cardLink(page, href) {
  return (await content(page)).locator(`a[href="${href}"]`).filter({ visible: true }).first()
}

/**
 * The language switcher's entry for lang: <a hreflang="nl"> or <a lang="nl">.
 * It may sit in a closed dropdown: the tests click it when visible and
 * dispatch a click event otherwise (React's onClick handles both).
 */
export function languageLink(page, lang) {
  return page.locator(`#app a[hreflang="${lang}"], #app a[lang="${lang}"]`).first()
}

/**
 * Does this markup hold a search form? A <form> (role=search or not) with a
 * text-like input: type search/text or no type.
 */
export function hasSearchForm(markup) {
  for (const [form] of markup.matchAll(/<form\b[\s\S]*?<\/form>/gi)) {
    for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
      const type = /\btype="([^"]*)"/i.exec(input)?.[1]?.toLowerCase()
      if (!type || type === 'search' || type === 'text') return true
    }
  }
  return false
}

/** Hrefs that lead to the home page, for a page in lang served from origin. */
export function homeHrefs(lang, origin) {
  return new Set(['/', `/${lang}/`, `/${lang}`, `${origin}/`, `${origin}/${lang}/`, `${origin}/${lang}`])
}
