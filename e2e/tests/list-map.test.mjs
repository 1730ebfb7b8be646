// Test "lists and map": a visitor in Chromium filters the French sale list by
// city and type (the count matches the API's), clears the filters, sorts by
// price, goes to page 2, switches to the map (our own page in a frame, which
// gets its markers by message), opens a marker's card from the keyboard and
// follows it to the property. Every visit but the last (the card's link
// leaves the frame for the top page) is client-side; no console error, no
// failed request, no request to another host (the map draws no tiles:
// IMMO_MAP_TILES=none); axe finds no serious or critical violation on the
// list and the map. Then the same filters with JavaScript off: a plain GET
// form.
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { assertAccessible } from '../lib/axe.mjs'
import { markDocument, needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { fetchDocument } from '../lib/html.mjs'
import { SALE_LIST, cardHrefs, detailPath } from '../lib/selectors.mjs'
import { journey } from '../lib/journey.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

// The map frame must not fetch tiles from the internet: the server reads this at start.
process.env.IMMO_MAP_TILES = 'none'

const STEP_TIMEOUT = slow(30_000)
const LIST = SALE_LIST.fr

describe('lists and map', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let ctx, page, doc

  after(async () => {
    doc?.dispose()
    await ctx?.close().catch(() => {})
  })

  const step = journey({ server, skip, timeout: STEP_TIMEOUT, state: () => ({ ctx, page }) })

  const api = async (query) => {
    const res = await fetch(`${server.url}/api/properties?${query}`)
    assert.equal(res.status, 200, `GET /api/properties?${query}`)
    return res.json()
  }
  const waitForQuery = (want, what) =>
    page
      .waitForURL((u) => u.pathname === LIST && Object.entries(want).every(([k, v]) => u.searchParams.get(k) === v), { waitUntil: 'commit' })
      .catch(() => assert.fail(`${what}: the address should carry ${JSON.stringify(want)}, it is ${page.url()}`))
  const summary = () => page.locator('.list-summary[role="status"]')

  /** Waits until the live count says total, and returns its text. */
  async function waitForCount(total, what) {
    const deadline = Date.now() + slow(5_000)
    let text = ''
    while (Date.now() < deadline) {
      text = ((await summary().textContent().catch(() => '')) ?? '').replace(/\s+/g, ' ').trim()
      const m = /–\s*(\d+)\s/.exec(text)
      if (m && Number(m[1]) === total) return text
      await new Promise((r) => setTimeout(r, 100))
    }
    assert.fail(`${what}: the result count should say ${total}; it says ${JSON.stringify(text)}`)
  }

  /** The IDs of the cards shown, in order. */
  const cardIds = async () => (await cardHrefs(page, 'fr')).map((h) => Number(detailPath('fr').exec(new URL(h, server.url).pathname)?.[1]))

  /** Waits until the cards are these IDs (a visit replaced them). */
  async function waitForCards(ids, what) {
    const deadline = Date.now() + slow(5_000)
    let shown = []
    while (Date.now() < deadline) {
      shown = await cardIds()
      if (JSON.stringify(shown) === JSON.stringify(ids)) return
      await new Promise((r) => setTimeout(r, 100))
    }
    assert.deepEqual(shown, ids, what)
  }

  /** The cards' prices as numbers, in order ("Prix sur demande" left out). */
  async function cardPrices() {
    const texts = await page.locator('main .card-price').allTextContents()
    return texts.map((t) => t.replace(/\D/g, '')).filter(Boolean).map(Number)
  }

  let city, type, mapMarkers

  step('the sale list /fr/a-vendre/ loads, hydrates and is accessible', async () => {
    await server.start()
    ctx = await openContext(await browser.get(), server.origin)
    page = await ctx.context.newPage()
    const res = await page.goto(server.url + LIST)
    assert.equal(res.status(), 200, `GET ${LIST}`)
    await waitForHydration(page.locator('form[role="search"] select[name="city"]'))
    await assertAccessible(page, `${LIST} (list)`)
    const live = await summary().getAttribute('aria-live')
    assert.equal(live, 'polite', 'the result count is a polite live region')
    doc = await markDocument(page)
  })

  step('filtering by city and type shows the count the API gives, without a reload', async () => {
    // The city with the most properties for sale, and its most common type.
    const { props } = (await fetchDocument(server.url + LIST)).page
    const best = [...props.cities].sort((a, b) => (b.SaleCount ?? b.PropertyCount) - (a.SaleCount ?? a.PropertyCount))[0]
    city = `${best.Name}|${best.Zip}`
    const inCity = await api(`goal=sale&city=${encodeURIComponent(city)}&pageSize=100`)
    const byType = new Map()
    for (const i of inCity.items) byType.set(i.WebID, (byType.get(i.WebID) ?? 0) + 1)
    type = String([...byType].sort((a, b) => b[1] - a[1])[0][0])

    await page.locator('form[role="search"] select[name="city"]').selectOption(city)
    await waitForQuery({ city }, 'city filter')
    await waitForCount(inCity.total, `city ${city}`)

    await page.locator('form[role="search"] select[name="type"]').selectOption(type)
    await waitForQuery({ city, type }, 'type filter')
    const { total } = await api(`goal=sale&city=${encodeURIComponent(city)}&type=${type}`)
    assert.ok(total > 0, `the API finds properties of type ${type} in ${city}`)
    await waitForCount(total, `city ${city}, type ${type}`)
    const hrefs = await cardHrefs(page, 'fr')
    assert.equal(hrefs.length, Math.min(total, 12), 'one card per property of the page')
    await doc.check('filters')
  })

  step('clearing the filters and sorting by price ascending orders the cards', async () => {
    await page.locator('form[role="search"] a', { hasText: /effacer/i }).click()
    await page.waitForURL((u) => u.pathname === LIST && !u.searchParams.has('city') && !u.searchParams.has('type'), { waitUntil: 'commit' })
    const all = await api('goal=sale')
    await waitForCount(all.total, 'no filters')

    await page.locator('form[role="search"] select[name="sort"]').selectOption('price')
    await waitForQuery({ sort: 'price' }, 'sort by price')
    const expected = (await api('goal=sale&sort=price&order=asc&pageSize=12')).items.map((i) => i.ID)
    await waitForCards(expected, 'the cards in the API’s price order')
    const prices = await cardPrices()
    assert.ok(prices.length >= 3, `prices shown: ${prices}`)
    assert.deepEqual(prices, [...prices].sort((a, b) => a - b), `the first prices rise: ${prices.join(', ')}`)
    await doc.check('sort')
  })

  step('page 2 keeps the sort and shows "page 2 of y"', async () => {
    const link = page.locator('nav.pagination a', { hasText: /^\s*2\s*$/ })
    await link.click()
    await waitForQuery({ sort: 'price', page: '2' }, 'page 2')
    const api2 = await api('goal=sale&sort=price&order=asc&pageSize=12&page=2')
    const text = await waitForCount(api2.total, 'page 2')
    assert.match(text, new RegExp(`^Page 2 sur ${api2.pages} – ${api2.total} biens$`), 'the title of the page')
    await waitForCards(api2.items.map((i) => i.ID), 'the properties of page 2')
    const prices = await cardPrices()
    assert.deepEqual(prices, [...prices].sort((a, b) => a - b), `page 2 prices rise: ${prices.join(', ')}`)
    await doc.check('paging')
  })

  step('the map switch shows the map frame, which gets one marker per property', async () => {
    await page.locator('.view-switch a', { hasText: 'Carte' }).click()
    await waitForQuery({ view: 'map', sort: 'price' }, 'map view')
    const url = new URL(page.url())
    mapMarkers = (await fetchDocument(server.url + url.pathname + url.search)).page.props.markers
    assert.ok(mapMarkers.length > 0, 'the page object has markers')
    const iframe = page.locator('iframe[src^="/map-frame/"]')
    await iframe.waitFor({ state: 'visible' })
    assert.ok(await iframe.getAttribute('title'), 'the frame has a title')
    const frame = await (await iframe.elementHandle()).contentFrame()
    await frame.waitForFunction((n) => document.body.dataset.markers === String(n), mapMarkers.length, { timeout: slow(15_000) }).catch(async () => {
      assert.fail(`the frame should show ${mapMarkers.length} markers; it says ${await frame.evaluate(() => document.body.dataset.markers)}`)
    })
    const status = await frame.locator('#map-status').textContent()
    assert.equal(status, `${mapMarkers.length} biens sur la carte`)
    // Every marker is on the map, alone (its price) or in a cluster (its count).
    const shown = await frame.evaluate(() => {
      let n = document.querySelectorAll('.map-marker').length
      for (const c of document.querySelectorAll('.map-cluster [aria-hidden]')) n += Number(c.textContent)
      return n
    })
    assert.equal(shown, mapMarkers.length, 'markers and clusters add up to the markers')
    // SPEC §5: the attribution's outside links open in a new tab.
    const leaflet = frame.locator('.leaflet-control-attribution a[href^="http"]').first()
    assert.deepEqual([await leaflet.getAttribute('target'), await leaflet.getAttribute('rel')], ['_blank', 'noopener'])
    await doc.check('list → map')
    await assertAccessible(frame, 'the map frame')
    await assertAccessible(page, `${url.pathname}${url.search} (map)`)
  })

  step('a marker click opens its card; Escape closes it', async () => {
    const frame = page.frame({ url: /\/map-frame\// })
    const marker = frame.locator('.map-marker').first()
    await marker.locator('.map-price').click()
    const card = frame.locator('.leaflet-popup .map-card')
    await card.waitFor({ state: 'visible' })
    const href = await card.getAttribute('href')
    assert.ok(mapMarkers.some((m) => m.href === href), `the card links to a marker's property (${href})`)
    assert.equal(await card.getAttribute('target'), '_top')
    assert.ok(await card.locator('img').getAttribute('alt'), 'the card picture has an alt text')
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })
    await marker.locator('.map-price').click()
    await card.waitFor({ state: 'visible' })
    await frame.locator('.leaflet-popup-close-button').click()
    await card.waitFor({ state: 'detached' })
  })

  step('from the keyboard, Tab reaches a marker, Enter opens its card, Escape gives the focus back', async () => {
    const frame = page.frame({ url: /\/map-frame\// })
    // Tab from the map itself reaches the markers (clusters and single ones).
    await frame.locator('#map').focus()
    let focused = null
    for (let i = 0; i < 60 && !focused; i++) {
      await page.keyboard.press('Tab')
      focused = await frame.evaluate(() => (document.activeElement?.classList.contains('map-marker') ? document.activeElement.textContent : null))
    }
    assert.ok(focused, 'Tab reaches a price marker')
    const outline = await frame.evaluate(() => getComputedStyle(document.activeElement.querySelector('.map-price')).outlineStyle)
    assert.notEqual(outline, 'none', 'the focused marker shows its focus')
    await page.keyboard.press('Enter')
    const card = frame.locator('.leaflet-popup .map-card')
    await card.waitFor({ state: 'visible' })
    assert.ok(await card.evaluate((el) => el === document.activeElement), 'the card link has the focus')
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })
    await frame.waitForFunction((text) => document.activeElement?.classList.contains('map-marker') && document.activeElement.textContent === text, focused, { timeout: slow(2_000) })
  })

  step('from the keyboard, clusters zoom in to their markers, and a card link leads to the property', async () => {
    const frame = page.frame({ url: /\/map-frame\// })
    const isMarker = () => frame.evaluate(() => !!document.activeElement?.classList.contains('map-marker'))
    const cluster = frame.locator('.map-cluster').first()
    if ((await cluster.count()) > 0) {
      await cluster.focus()
      // Enter on a cluster zooms in and moves the focus on to what shows its first marker; again until that is the marker.
      for (let i = 0; i < 8 && !(await isMarker()); i++) {
        const before = await frame.evaluate(() => document.activeElement.outerHTML)
        await page.keyboard.press('Enter')
        await frame.waitForFunction((html) => document.activeElement?.matches('.map-marker, .map-cluster') && document.activeElement.outerHTML !== html, before, { timeout: slow(5_000) })
      }
      assert.ok(await isMarker(), 'the clusters opened up to a marker')
    } else {
      await frame.locator('.map-marker').first().focus()
    }
    await page.keyboard.press('Enter')
    const card = frame.locator('.leaflet-popup .map-card')
    await card.waitFor({ state: 'visible' })
    const href = await card.getAttribute('href')
    const id = detailPath('fr').exec(href)?.[1]
    assert.ok(id, `the card links to a property page (${href})`)
    assert.ok(await card.evaluate((el) => el === document.activeElement), 'the card link has the focus')
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === href, { waitUntil: 'load' })
    const propertyDoc = await fetchDocument(server.url + href)
    assert.equal(propertyDoc.page?.props?.property?.ID, Number(id), `${href} is property ${id}`)
  })

  it('the filter form works without JavaScript (a GET form)', { timeout: STEP_TIMEOUT, skip }, async () => {
    await server.start()
    const noJs = await openContext(await browser.get(), server.origin, { javaScriptEnabled: false })
    try {
      const p = await noJs.context.newPage()
      await p.goto(server.url + LIST)
      const { props } = (await fetchDocument(server.url + LIST)).page
      const c = props.cities[0]
      const value = `${c.Name}|${c.Zip}`
      await p.locator('form[role="search"] select[name="city"]').selectOption(value)
      await p.locator('form[role="search"] input[name="priceMax"]').fill('400000')
      await p.locator('form[role="search"] select[name="sort"]').selectOption('price')
      await Promise.all([p.waitForURL((u) => u.searchParams.get('city') === value, { waitUntil: 'load' }), p.locator('form[role="search"] button[type="submit"]').click()])
      const u = new URL(p.url())
      assert.equal(u.pathname, LIST)
      assert.equal(u.searchParams.get('priceMax'), '400000')
      assert.equal(u.searchParams.get('sort'), 'price')
      const { total } = await api(`goal=sale&city=${encodeURIComponent(value)}&priceMax=400000`)
      const text = (await p.locator('.list-summary').textContent()).replace(/\s+/g, ' ')
      assert.ok(total === 0 ? text.includes('Aucun résultat') : text.includes(`– ${total} bien`), `the server's count ${total} in ${JSON.stringify(text)}`)
      assert.equal(await p.locator('form[role="search"] select[name="city"]').inputValue(), value, 'the form shows the filter')
      // The order in one submit, with the page's own sort too (it was disabled until a sort was sent).
      await p.locator('form[role="search"] select[name="sort"]').selectOption('')
      await p.locator('form[role="search"] select[name="order"]').selectOption('asc')
      await Promise.all([p.waitForURL((u) => u.searchParams.get('order') === 'asc', { waitUntil: 'load' }), p.locator('form[role="search"] button[type="submit"]').click()])
      assert.equal(await p.locator('form[role="search"] select[name="order"]').inputValue(), 'asc', 'the order applied at once')
      // The map view says why it shows no map.
      await p.goto(server.url + LIST + '?view=map')
      assert.ok(await p.locator('.map-noscript').isVisible(), 'a word on the map without JavaScript')
      assert.equal(await p.locator('iframe.map-frame').isVisible(), false, 'no empty grey box')
      await noJs.settle()
      noJs.assertClean('no JavaScript')
    } finally {
      await noJs.close()
    }
  })
})
