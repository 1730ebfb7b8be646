// Test 1, "SSR before scripts": what the server sends is already the page.
// Plain fetch (no JavaScript at all), then Chromium with JavaScript disabled.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { PRICE, fetchDocument, hrefsIn, mainMarkup, normalize, pricePattern, textOf, titleOf } from '../lib/html.mjs'
import { SALE_LIST, cardHrefs, content, detailPath, hasSearchForm, homeHrefs } from '../lib/selectors.mjs'
import { useServer } from '../lib/server.mjs'

describe('SSR before scripts', () => {
  const server = useServer()
  const lists = {} // lang → fetched list document, shared with the detail test

  /** Adds the server's render warnings to a failure: "unknown view", a render error… */
  const serverNotes = (path) => {
    const all = server.warnings()
    const own = path ? all.filter((l) => l.includes(`url=${path} `)) : []
    const w = own.length ? own : all.slice(-3)
    return w.length ? `\n--- server warnings ---\n${w.join('\n')}` : ''
  }

  for (const [lang, path] of Object.entries(SALE_LIST)) {
    it(`${path} is server-rendered: cards with titles, cities and prices`, async () => {
      await server.start()
      const doc = await fetchDocument(server.url + path)
      lists[lang] = doc
      assert.equal(doc.status, 200, `GET ${path}`)
      assert.ok(doc.page, `${path}: no <script type="application/json" id="page"> page object`)
      assert.equal(doc.page.component, 'PropertyList', `${path}: page object component`)
      assert.ok(doc.app !== null, `${path}: no <div id="app">`)
      assert.match(doc.html, new RegExp(`<html lang="${lang}"`), `${path}: <html lang>`)
      assert.ok(doc.app.trim() !== '', `${path}: <div id="app"> is empty: the server sent the bare shell, not a rendered page${serverNotes(path)}`)

      const items = doc.page.props.items ?? []
      assert.ok(items.length > 0, `${path}: the page object lists no properties`)
      const hrefs = new Set(hrefsIn(doc.app))
      const missing = []
      for (const item of items) {
        const title = normalize(titleOf(item, lang))
        const shown = (title && doc.text.includes(title)) || doc.text.includes(normalize(item.City))
        if (!shown) missing.push(`#${item.ID}: neither title ${JSON.stringify(title)} nor city ${JSON.stringify(item.City)}`)
        if (!hrefs.has(item.href)) missing.push(`#${item.ID}: no link to ${item.href}`)
        if (item.PublishPrice && item.Price >= 1000 && !pricePattern(item.Price).test(doc.text)) {
          missing.push(`#${item.ID}: no price ${pricePattern(item.Price).source}`)
        }
      }
      assert.match(doc.text, PRICE, `${path}: no price like "€ 123.456" in the rendered HTML${serverNotes(path)}`)
      assert.deepEqual(missing, [], `${path}: cards missing from the server-rendered HTML`)
      assert.ok(
        [...hrefs].some((h) => detailPath(lang).test(h)),
        `${path}: no card link of the form ${detailPath(lang).source}`,
      )
    })
  }

  it('/property/{id}/ and the French pretty form render the same property', async () => {
    await server.start()
    // An href from the French list's HTML; from its page object when the HTML has none (the list test reports that).
    const list = lists.fr ?? (await fetchDocument(server.url + SALE_LIST.fr))
    const pretty =
      hrefsIn(list.app ?? '').find((h) => /\/fr\/a-vendre\/[^"]+\/\d+\//.test(h)) ??
      list.page?.props?.items?.find((i) => detailPath('fr').test(i.href))?.href
    assert.ok(pretty, 'no property link on /fr/a-vendre/')
    const id = Number(detailPath('fr').exec(new URL(pretty, server.url).pathname)[1])

    for (const path of [`/property/${id}/`, new URL(pretty, server.url).pathname]) {
      const doc = await fetchDocument(server.url + path)
      assert.equal(doc.status, 200, `GET ${path}`)
      assert.equal(doc.page?.component, 'Property', `${path}: page object component`)
      const property = doc.page.props.property
      assert.equal(property?.ID, id, `${path}: page object property ID`)
      assert.ok(doc.app && doc.app.trim() !== '', `${path}: <div id="app"> is empty: the server sent the bare shell${serverNotes(path)}`)
      const title = normalize(titleOf(property, 'fr'))
      assert.ok(doc.text.includes(title), `${path}: the rendered HTML does not show the title ${JSON.stringify(title)}${serverNotes(path)}`)
      if (property.PublishPrice && property.Price >= 1000) {
        assert.match(doc.text, pricePattern(property.Price), `${path}: no price in the "€ 123.456" style`)
      }
    }
  })

  it('an unknown path answers 404 with a search form and a link to the home page', async () => {
    await server.start()
    const path = '/fr/cette-page-n-existe-pas/'
    const doc = await fetchDocument(server.url + path)
    assert.equal(doc.status, 404, `GET ${path}`)
    assert.ok(doc.page, `${path}: no page object`)
    assert.ok(doc.app && doc.app.trim() !== '', `${path}: <div id="app"> is empty${serverNotes(path)}`)
    const main = mainMarkup(doc.app)
    assert.ok(hasSearchForm(main), `${path}: no search form (a <form> with a search/text input) in the page content: ${textOf(main).slice(0, 200)}`)
    const home = homeHrefs('fr', server.origin)
    assert.ok(hrefsIn(main).some((h) => home.has(h)), `${path}: no link to the home page (${[...home].slice(0, 2).join(' or ')}) in the page content`)
  })

  const browser = useBrowser()

  it('with JavaScript disabled in Chromium, the sale list shows its cards', { skip: needsChromium() }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin, { javaScriptEnabled: false })
    try {
      const page = await ctx.context.newPage()
      const res = await page.goto(server.url + SALE_LIST.fr)
      assert.equal(res.status(), 200)
      const expected = (lists.fr ?? (await fetchDocument(server.url + SALE_LIST.fr))).page.props.items
      const hrefs = await cardHrefs(page, 'fr')
      assert.ok(hrefs.length > 0, `no property cards on ${SALE_LIST.fr} without JavaScript${serverNotes(SALE_LIST.fr)}`)
      const absent = expected.map((i) => i.href).filter((h) => !hrefs.includes(h))
      assert.deepEqual(absent, [], 'every property of the page has a card')
      const root = await content(page)
      const first = root.locator(`a[href="${hrefs[0]}"]`).filter({ visible: true }).first()
      assert.ok(await first.isVisible(), 'the first card is visible')
      const box = await first.boundingBox()
      assert.ok(box && box.width > 0 && box.height > 0, 'the first card has a size (the stylesheet applies)')
      assert.match((await root.innerText()).replace(/\s+/g, ' '), PRICE, 'a price like "€ 123.456" is visible')
      ctx.assertClean('sale list without JavaScript')
    } finally {
      await ctx.close()
    }
  })
})
