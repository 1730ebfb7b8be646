// Test 2, "browse": a visitor in Chromium goes home → sale list → page 2 →
// a property → the same property in Dutch → Back. After the first load every
// visit must be client-side (the Inertia router), with no console error, no
// failed request and no request to another host.
import assert from 'node:assert/strict'
import { after, describe } from 'node:test'
import { markDocument, needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { fetchDocument, titleOf } from '../lib/html.mjs'
import { SALE_LIST, cardHrefs, cardLink, content, detailPath, languageLink, menuLink, pagingLink } from '../lib/selectors.mjs'
import { journey } from '../lib/journey.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const STEP_TIMEOUT = slow(20_000)

describe('browse', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let ctx, page, doc

  after(async () => {
    doc?.dispose()
    await ctx?.close().catch(() => {})
  })

  const step = journey({ server, skip, timeout: STEP_TIMEOUT, state: () => ({ ctx, page }) })

  const pathOf = (url) => new URL(url).pathname
  const waitForPath = (predicate) => page.waitForURL((u) => predicate(u), { waitUntil: 'commit' })

  /** Polls until the content shows property cards that satisfy ok(hrefs). */
  async function waitForCards(lang, ok = () => true, what = 'property cards') {
    const deadline = Date.now() + slow(5_000)
    let hrefs = []
    while (Date.now() < deadline) {
      hrefs = await cardHrefs(page, lang).catch(() => [])
      if (hrefs.length > 0 && ok(hrefs)) return hrefs
      await new Promise((r) => setTimeout(r, 100))
    }
    assert.fail(`expected ${what} on ${page.url()}, found ${JSON.stringify(hrefs.slice(0, 3))}`)
  }

  let page1, propertyHref, id, frTitle, htmlLangFollows // carried from step to step

  step('the home page /fr/ loads and hydrates', async () => {
    await server.start()
    ctx = await openContext(await browser.get(), server.origin)
    page = await ctx.context.newPage()
    const res = await page.goto(server.url + '/fr/')
    assert.equal(res.status(), 200, 'GET /fr/')
    const link = menuLink(page, SALE_LIST.fr)
    await link.waitFor({ state: 'visible' }).catch(() => assert.fail(`no visible menu link to ${SALE_LIST.fr} in the header`))
    await waitForHydration(link)
    doc = await markDocument(page)
  })

  step('the menu link opens the sale list without a full reload', async () => {
    await menuLink(page, SALE_LIST.fr).click()
    await waitForPath((u) => u.pathname === SALE_LIST.fr)
    page1 = await waitForCards('fr')
    await doc.check('menu → sale list')
  })

  step('the paging link shows page 2', async () => {
    const link = pagingLink(page, 2)
    await link.waitFor({ state: 'visible' }).catch(() => assert.fail('no paging link (a[rel=next], or "2" in nav[aria-label]) on the sale list'))
    await link.click()
    await waitForPath((u) => u.pathname === SALE_LIST.fr && u.searchParams.get('page') === '2')
    const expected = (await fetchDocument(`${server.url}${SALE_LIST.fr}?page=2`)).page.props.items.map((i) => i.href)
    const hrefs = await waitForCards('fr', (h) => h[0] !== page1[0], 'the cards of page 2')
    assert.deepEqual(expected.filter((h) => !hrefs.includes(h)), [], 'page 2 shows the properties of page 2')
    await doc.check('paging → page 2')
  })

  step('a property card opens its page', async () => {
    const [href] = await cardHrefs(page, 'fr')
    propertyHref = new URL(href, server.url).pathname
    id = detailPath('fr').exec(propertyHref)[1]
    frTitle = titleOf((await fetchDocument(server.url + propertyHref)).page.props.property, 'fr')
    await (await cardLink(page, href)).click()
    await waitForPath((u) => u.pathname === propertyHref)
    await waitForText(await content(page), [frTitle], `property ${id} in French`)
    await doc.check('card → property')
  })

  step('the language switcher shows the same property in Dutch', async () => {
    const link = languageLink(page, 'nl')
    await link.waitFor({ state: 'attached' }).catch(() => assert.fail('no language switcher link (a[hreflang="nl"] or a[lang="nl"])'))
    await waitForHydration(link)
    if (await link.isVisible()) await link.click()
    else await link.dispatchEvent('click', { button: 0 }) // in a closed dropdown
    await page.waitForFunction(() => location.pathname.startsWith('/nl/') || document.documentElement.lang === 'nl')
    const url = new URL(page.url())
    assert.ok(url.pathname.split('/').includes(id), `the Dutch page ${url.pathname} is property ${id}`)
    const nl = await fetchDocument(server.url + url.pathname + url.search)
    assert.equal(nl.page?.props?.property?.ID, Number(id), `${url.pathname} is property ${id}`)
    await waitForText(await content(page), [titleOf(nl.page.props.property, 'nl')], `property ${id} in Dutch`)
    htmlLangFollows = (await page.evaluate(() => document.documentElement.lang)) === 'nl'
  })

  step('Back shows the French property page again', async () => {
    await page.goBack({ waitUntil: 'commit' })
    await waitForPath((u) => u.pathname === propertyHref)
    await waitForText(await content(page), [frTitle], `back to property ${id} in French`)
    if (htmlLangFollows) await page.waitForFunction(() => document.documentElement.lang === 'fr')
    assert.equal(pathOf(page.url()), propertyHref)
  })
})
