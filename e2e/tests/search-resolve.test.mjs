// The search box resolves what a visitor types, against the real binary, in
// Dutch: "appartement" opens the apartments for sale, "4100012" the property
// 4100012, "Aarlen" (Arlon's Dutch name) Arlon's properties for sale, and a
// text naming nothing the list page with the message and the suggestions.
// With JavaScript each lands without a page reload; without JavaScript the
// GET form lands on the same address (the server redirects).
// Throughout: no console error, no failed request, no request to another host.
import assert from 'node:assert/strict'
import { after, describe } from 'node:test'
import { markDocument, needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { content } from '../lib/selectors.mjs'
import { journey } from '../lib/journey.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const STEP_TIMEOUT = slow(60_000) // the first step starts the server and hydrates a cold page
const LABEL = 'Zoeken op type, gemeente of referentie'

/** What each text lands on: the address and a text the page shows. */
const CASES = [
  { text: 'appartement', url: '/nl/te-koop/?type=2', shows: 'Appartement' },
  { text: '4100012', url: '/nl/te-koop/arlon/opbrengsteigendom/4100012/', shows: 'Opbrengsteigendom met 6 wooneenheden' },
  { text: 'Aarlen', url: '/nl/te-koop/?city=Arlon%7C6700', shows: 'Arlon' },
  // A type and a city together: the list filtered by both (the demo's apartments for sale in Arlon).
  { text: 'appartement Arlon', url: '/nl/te-koop/?city=Arlon%7C6700&type=2', shows: '5 panden' },
  { text: 'kasteel', url: '/nl/te-koop/?q=kasteel', shows: 'Niets gevonden voor „kasteel”.' },
]

describe('the search box resolves the text (nl)', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = {}
  let state = {}

  after(async () => {
    for (const c of Object.values(contexts)) await c.context.close().catch(() => {})
  })

  /** A journey step in a context with or without JavaScript. */
  const stepWith = (js) =>
    journey({ server, skip, timeout: STEP_TIMEOUT, state: () => state, before: async () => {
      await server.start()
      contexts[js] ??= await openContext(await browser.get(), server.origin, { javaScriptEnabled: js })
      const ctx = contexts[js]
      state = { ctx, page: (ctx.page ??= await ctx.context.newPage()) }
    } })

  /** Opens the Dutch home page and returns its search box (hydrated when js). */
  async function openHome(page, js) {
    const res = await page.goto(`${server.url}/nl/`)
    assert.equal(res.status(), 200, 'GET /nl/')
    const input = page.getByRole('combobox', { name: LABEL })
    await input.waitFor({ state: 'visible' })
    if (js) await waitForHydration(input)
    return input
  }

  const landed = (page, want) => page.waitForURL((u) => u.pathname + u.search === want, { waitUntil: 'commit' })

  const withJS = stepWith(true)
  for (const c of CASES) {
    withJS(`with JavaScript: "${c.text}" + Enter lands on ${c.url} without a reload`, async () => {
      const { page } = state
      const input = await openHome(page, true)
      await input.click()
      await input.pressSequentially(c.text, { delay: 20 })
      await page.waitForTimeout(300) // the suggestions may open; none is chosen
      const doc = await markDocument(page)
      await input.press('Enter')
      await landed(page, c.url).catch(() => assert.fail(`"${c.text}": at ${page.url()}, want ${c.url}`))
      await waitForText(await content(page), [c.shows], `"${c.text}"`)
      await doc.check(`"${c.text}"`)
      doc.dispose()
    })
  }

  withJS('with JavaScript: a city suggestion leads to the list whose count it shows', async () => {
    const { page } = state
    const input = await openHome(page, true)
    await input.click()
    await input.pressSequentially('aarl', { delay: 20 })
    const rent = page.locator('[role="option"]').filter({ hasText: /te huur/ }).first()
    await rent.waitFor({ state: 'visible' })
    const text = await rent.innerText()
    assert.match(text, /Arlon \(6700\)\s*\d+ te huur/, `the rent option: ${text}`)
    const count = Number(/(\d+) te huur/.exec(text)[1])
    await rent.click()
    await landed(page, '/nl/te-huur/?city=Arlon%7C6700')
    const summary = page.locator('.list-summary')
    await waitForText(summary, [`${count} panden`], 'the rent list of Arlon')
  })

  withJS('with JavaScript: a type typed in another language is suggested, in the page\'s language', async () => {
    const { page } = state
    for (const [lang, typed, label, listRe] of [['de', 'appartement', 'Wohnung', /zu verkaufen/i], ['en', 'appartement', 'Apartment', /for sale/i], ['nl', 'Wohnung', 'Appartement', /te koop/i]]) {
      await page.goto(`${server.url}/${lang}/`)
      const input = page.getByRole('combobox').first()
      await waitForHydration(input)
      await input.click()
      await input.pressSequentially(typed, { delay: 20 })
      const option = page.locator('[role="option"]').filter({ hasText: label }).filter({ hasText: listRe }).first()
      await option.waitFor({ state: 'visible' }).catch(async () =>
        assert.fail(`/${lang}/: "${typed}" suggests no ${label}; the list shows ${JSON.stringify(await page.locator('[role="listbox"]').innerText().catch(() => ''))}`))
    }
  })

  const noJS = stepWith(false)
  for (const c of CASES) {
    noJS(`without JavaScript: "${c.text}" + Enter lands on ${c.url}`, async () => {
      const { page } = state
      const input = await openHome(page, false)
      await input.fill(c.text)
      await Promise.all([page.waitForNavigation(), input.press('Enter')])
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, c.url, `"${c.text}"`)
      await waitForText(await content(page), [c.shows], `"${c.text}" without JavaScript`)
    })
  }
})
