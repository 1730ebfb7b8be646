// The home banner of kind properties and projects, the status labels and the
// testimonials, against the real binary started with a configuration derived
// from the demo agency's (internal/adapter/demo/site.json, written to a temporary
// file and passed with --config):
// - a properties banner (listed ids with a sold, an unknown and a repeated
//   one) shows one slide per available property, in order, in nl, fr, en and
//   de: its large picture (only the first in the server HTML), its price by
//   SPEC §9 (price on request, "from", per month), its status label, type,
//   city and link; the h1 stays the banner title; in the browser the slide
//   shows, the controls move and pause it, the link opens the property;
//   axe finds no serious or critical violation; nothing overflows at 375 px;
// - a projects banner shows name, city, price range and a link to the
//   project page (or its own site, in a new tab);
// - status labels on the lists are in the page's language (issue 7 point 2);
// - testimonials in the page's language come first, others carry lang.
// Throughout: no console error, no failed request, no request to another host.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { assertAccessible } from '../lib/axe.mjs'
import { needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { fetchDocument, hrefsIn, mainMarkup, textOf } from '../lib/html.mjs'
import { journey } from '../lib/journey.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const STEP_TIMEOUT = slow(30_000)
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const LANGS = ['nl', 'fr', 'en', 'de']
const locale = (lang, ns) => JSON.parse(readFileSync(path.join(ROOT, 'internal/domain/i18n/locales', lang, `${ns}.json`), 'utf8'))
const amount = (n) => `€ ${n.toLocaleString('de-DE')}`

// The demo configuration with another banner, in a temporary file.
const dir = mkdtempSync(path.join(tmpdir(), 'immo-banner-'))
after(() => rmSync(dir, { recursive: true, force: true }))
function configWith(banner) {
  const site = JSON.parse(readFileSync(path.join(ROOT, 'internal/adapter/demo/site.json'), 'utf8'))
  Object.assign(site.banner, banner)
  const file = path.join(dir, `${banner.type}.json`)
  writeFileSync(file, JSON.stringify(site, null, 2))
  return file
}

// 4100059 is sold, 999999 unknown, 4100011 listed twice: three slides.
const LISTED = [4100007, 4100059, 999999, 4100011, 4100047, 4100011]
const SHOWN = [4100007, 4100011, 4100047]
/** The price each slide shows, by the §9 rules. */
const PRICE = {
  4100007: (lang) => locale(lang, 'rules').price.onRequest, // hidden price
  4100011: (lang) => `${locale(lang, 'rules').price.from} ${amount(245000)}`, // PriceUnit 7
  4100047: (lang) => `${amount(1120)} ${locale(lang, 'rules').price.perMonth}`, // a rent
}
const MARQUEE = { 4100007: 5 } // "new price"

/** The banner section of some markup. */
// Attributes in any order: the markup's spelling is the renderer's, not the test's concern.
const bannerOf = (markup) => /<section [^>]*class="banner"[\s\S]*?<\/section>/.exec(mainMarkup(markup))?.[0] ?? ''

/** A step list sharing one browser context and page, on server. */
function steps(server) {
  const browser = useBrowser()
  const skip = needsChromium()
  const state = { ctx: null, page: null }
  after(async () => {
    await state.ctx?.close().catch(() => {})
  })
  const step = journey({ server, skip, timeout: STEP_TIMEOUT, state: () => state, before: async () => {
      await server.start()
      state.ctx ??= await openContext(await browser.get(), server.origin)
      state.page ??= await state.ctx.context.newPage()
    } })
  const plain = (name, fn) => it(name, { timeout: STEP_TIMEOUT }, async () => {
    await server.start()
    await fn()
  })
  return { step, plain, state }
}

describe('a properties banner shows its properties as slides', () => {
  const server = useServer(['--config', configWith({ type: 'properties', properties: LISTED })])
  const { step, plain, state } = steps(server)

  for (const lang of LANGS) {
    plain(`${lang}: the server HTML holds one slide per available property, in order, the first picture only`, async () => {
      const d = await fetchDocument(`${server.url}/${lang}/`)
      assert.equal(d.status, 200, `GET /${lang}/`)
      const b = d.page.props.banner
      assert.equal(b.type, 'properties')
      assert.deepEqual(b.properties.map((p) => p.ID), SHOWN, 'ids in the listed order, sold, unknown and repeated ones left out')
      const html = bannerOf(d.app)
      assert.match(html, /data-type="properties"/)
      assert.equal(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''), b.title, 'the h1 is the banner title')
      assert.equal(html.match(/aria-roledescription="slide"/g)?.length, SHOWN.length, 'one slide per property')
      const [first, ...rest] = b.properties
      // Its address carries its version (a year's cache); the sizes follow, as lib/images.ts adds them.
      assert.match(first.XLargePictureItem.Url, /\?v=[0-9a-f]{12}$/, 'the picture is named by its version')
      assert.ok(html.includes(`${first.XLargePictureItem.Url}&amp;width=1920`), 'the first slide shows its large picture')
      for (const p of rest) assert.ok(!html.includes(p.XLargePictureItem.Url), `${p.ID}: its picture waits for the browser`)
      const text = textOf(html)
      for (const p of b.properties) {
        assert.ok(text.includes(PRICE[p.ID](lang)), `${lang} ${p.ID}: the price "${PRICE[p.ID](lang)}" in: ${text}`)
        assert.ok(text.includes(`${p.TypeDescription} · ${p.Zip} ${p.City}`), `${lang} ${p.ID}: its type and city`)
        assert.ok(hrefsIn(html).includes(p.href), `${lang} ${p.ID}: a link to ${p.href}`)
        if (MARQUEE[p.ID]) assert.ok(text.includes(locale(lang, 'common').marquee[MARQUEE[p.ID]]), `${lang} ${p.ID}: its status label in ${lang}`)
      }
    })
  }

  for (const lang of LANGS) {
    step(`${lang}: the slides show, move and pause; the link opens the property; axe-clean`, async () => {
      const { page } = state
      await page.setViewportSize({ width: 1366, height: 800 })
      const d = await fetchDocument(`${server.url}/${lang}/`)
      const props = d.page.props.banner.properties
      const home = locale(lang, 'home')
      await page.goto(`${server.url}/${lang}/`)
      const pause = page.getByRole('button', { name: home.pauseSlides })
      await waitForHydration(page.getByRole('button', { name: home.next }))
      await pause.click() // the slideshow runs once hydrated; pausing it keeps the steps deterministic
      await page.getByRole('button', { name: home.playSlides }).waitFor()
      const active = page.locator('.banner-slide[data-active] .banner-slide-card')
      for (const [i, p] of props.entries()) {
        await waitForText(active, [PRICE[p.ID](lang), p.TypeDescription, p.City], `${lang}: slide ${i + 1}`)
        assert.equal(await page.locator('.banner-slide:not([inert]) a').count(), 1, 'only the active slide has a reachable link')
        assert.ok(await active.isVisible(), `${lang}: slide ${i + 1} is visible`)
        if (i < props.length - 1) await page.getByRole('button', { name: home.next }).click()
      }
      await page.getByRole('button', { name: home.next }).click() // it loops
      await waitForText(active, [PRICE[props[0].ID](lang)], `${lang}: back to the first slide`)
      // The fade (500 ms) over: mid-fade the text is half transparent, and its contrast with it.
      await page.waitForFunction(() => document.querySelector('.banner').getAnimations({ subtree: true }).length === 0)
      await assertAccessible(page, `/${lang}/ with a properties banner`)

      await page.getByRole('button', { name: home.next }).click()
      const link = page.locator('.banner-slide[data-active] a.banner-slide-link')
      await link.focus()
      await page.keyboard.press('Enter')
      await page.waitForURL((u) => u.pathname === props[1].href)
      await page.locator('main h1').waitFor()
    })
  }

  step('375 px: the slide card fits the phone and the page does not scroll sideways', async () => {
    const { page } = state
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto(`${server.url}/nl/`)
    const card = page.locator('.banner-slide[data-active] .banner-slide-card')
    await card.waitFor()
    const box = await card.boundingBox()
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `the card at ${JSON.stringify(box)}`)
    const apart = (a, b) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
    for (const sel of ['.banner-content', '.banner-controls', '.search-block-card']) {
      const other = await page.locator(sel).boundingBox()
      assert.ok(other && apart(box, other), `the card (${JSON.stringify(box)}) covers ${sel} (${JSON.stringify(other)})`)
    }
    const controls = await page.locator('.banner-controls').boundingBox()
    const search = await page.locator('.search-block-card').boundingBox()
    assert.ok(apart(controls, search), `the controls (${JSON.stringify(controls)}) under the search block (${JSON.stringify(search)})`)
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling')
  })

  // Issue 7 point 2: the lists showed "Nouveau", "Option", "Prix revu" on every language.
  for (const [lang, url] of [['en', '/en/for-sale/?page=2'], ['nl', '/nl/te-huur/'], ['de', '/de/zu-verkaufen/'], ['nl', '/nl/te-koop/'], ['en', '/en/for-sale/']]) {
    plain(`${url}: status labels in ${lang}`, async () => {
      const d = await fetchDocument(`${server.url}${url}`)
      assert.equal(d.status, 200, `GET ${url}`)
      const badges = [...mainMarkup(d.app).matchAll(/<span class="badge"( lang="[a-z]+")?>([^<]*)<\/span>/g)].map((m) => m[2])
      const known = Object.values(locale(lang, 'common').marquee)
      assert.ok(badges.length > 0, `${url} shows status labels`)
      for (const b of badges) assert.ok(known.includes(b), `${url}: the label "${b}" is not ${lang} (${known.join(', ')})`)
    })
  }

  plain('testimonials: the page language first, the others marked with lang', async () => {
    for (const lang of LANGS) {
      const d = await fetchDocument(`${server.url}/${lang}/`)
      const figures = [...mainMarkup(d.app).matchAll(/<figure [^>]*class="testimonial"[^>]*>/g)].map((m) => / lang="([a-z]+)"/.exec(m[0])?.[1] ?? lang)
      const module = d.page.props.modules.find((m) => m.view === 'testimonials')
      assert.equal(figures.length, Math.min(module.maxItems, module.testimonials.length), `${lang}: maxItems`)
      assert.ok(figures.length > 3, `${lang}: stored and configured testimonials (${figures.length})`)
      const firstOther = figures.findIndex((l) => l !== lang)
      if (firstOther >= 0) assert.ok(figures.slice(firstOther).every((l) => l !== lang), `${lang}: ${figures.join(' ')}`)
      if (lang !== 'de') assert.equal(figures[0], lang, `${lang}: the first is in ${lang}`)
    }
  })
})

describe('a projects banner shows its projects as slides', () => {
  const server = useServer(['--config', configWith({ type: 'projects', projects: [5200002, 5200001, 5200004] })])
  const { step, plain, state } = steps(server)

  for (const lang of LANGS) {
    plain(`${lang}: name, city, price range and link of each project`, async () => {
      const d = await fetchDocument(`${server.url}/${lang}/`)
      const b = d.page.props.banner
      assert.equal(b.type, 'projects')
      assert.deepEqual(b.projects.map((p) => p.ID), [5200002, 5200001, 5200004])
      const html = bannerOf(d.app)
      const text = textOf(html)
      const range = locale(lang, 'project').priceRange
      for (const p of b.projects) {
        assert.ok(text.includes(p.Name) && text.includes(`${p.Zip} ${p.City}`), `${lang} ${p.ID}: name and city`)
        const want = range.replace('{{from}}', amount(p.PriceFrom)).replace('{{to}}', amount(p.PriceTo))
        assert.ok(text.includes(want), `${lang} ${p.ID}: "${want}" in ${text}`)
      }
      assert.ok(html.includes('href="/' + lang + '/project/?id=5200002"'), 'a project links to its page')
      const own = /<a [^>]*href="https:\/\/www\.residence-exemple\.be\/"[^>]*>/.exec(html)?.[0] ?? ''
      for (const attr of ['class="banner-slide-link"', 'target="_blank"', 'rel="noopener"']) assert.ok(own.includes(attr), `a project with its own site links there, in a new tab: ${own}`)
    })
  }

  step('fr: the project slide opens the project page; axe-clean', async () => {
    const { page } = state
    await page.goto(`${server.url}/fr/`)
    await waitForHydration(page.getByRole('button', { name: locale('fr', 'home').next }))
    await page.getByRole('button', { name: locale('fr', 'home').pauseSlides }).click()
    await page.waitForFunction(() => document.querySelector('.banner').getAnimations({ subtree: true }).length === 0)
    await assertAccessible(page, '/fr/ with a projects banner')
    await page.locator('.banner-slide[data-active] a.banner-slide-link').click()
    await page.waitForURL((u) => u.pathname === '/fr/project/' && u.searchParams.get('id') === '5200002')
    await waitForText(page.locator('main h1'), ['Les Jardins de Schoppach'], 'the project page')
  })
})
