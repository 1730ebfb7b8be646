// Home, search box and projects, against the real binary:
// - the home page's server HTML holds the banner (its picture at 600 and
//   1920 pixels) and the latest offers' cards; axe finds no serious or
//   critical violation;
// - the search box in French and in Dutch: "arl" shows the Arlon option,
//   ArrowDown + Enter opens the filtered list without a reload, Escape
//   closes and clears, an ID prefix "41000" shows property options;
// - the projects page and a project with units (sold and sold out shown),
//   axe again; the project with its own site answers 302 to it.
// Throughout: no console error, no failed request, no request to another host.
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { assertAccessible } from '../lib/axe.mjs'
import { markDocument, needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { fetchDocument, hrefsIn, mainMarkup, textOf } from '../lib/html.mjs'
import { SALE_LIST, content } from '../lib/selectors.mjs'
import { journey } from '../lib/journey.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const STEP_TIMEOUT = slow(30_000)
const SEARCH_LABEL = { fr: 'Rechercher par type, commune ou référence', nl: 'Zoeken op type, gemeente of referentie' }
const UNIT_STATUS = { fr: { sold: 'Vendu', soldOut: 'Épuisé', available: 'Disponible' } }

describe('home, search box and projects', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let ctx, page, doc

  after(async () => {
    doc?.dispose()
    await ctx?.close().catch(() => {})
  })

  /** A step that needs no browser. */
  const plain = (name, fn) => it(name, { timeout: STEP_TIMEOUT }, async () => {
    await server.start()
    await fn()
  })

  const step = journey({ server, skip, timeout: STEP_TIMEOUT, state: () => ({ ctx, page }), before: async () => {
      await server.start()
      ctx ??= await openContext(await browser.get(), server.origin)
      page ??= await ctx.context.newPage()
    } })

  const box = () => page.getByRole('combobox', { name: /./ }).first()
  const listbox = () => page.locator('[role="listbox"]').first()
  const options = () => page.locator('[role="listbox"] [role="option"]')

  /** Opens lang's home page and waits until the search box is hydrated. */
  async function openHome(lang) {
    const res = await page.goto(`${server.url}/${lang}/`)
    assert.equal(res.status(), 200, `GET /${lang}/`)
    const input = page.getByRole('combobox', { name: SEARCH_LABEL[lang] })
    await input.waitFor({ state: 'visible' }).catch(() => assert.fail(`no combobox labelled "${SEARCH_LABEL[lang]}" on /${lang}/`))
    await waitForHydration(input)
    return input
  }

  /** Types text into the box (after clearing it) and waits for an option matching re. */
  async function typeAndWait(input, text, re, what) {
    await input.click()
    await input.fill('')
    await input.pressSequentially(text, { delay: 30 })
    const option = options().filter({ hasText: re }).first()
    await option.waitFor({ state: 'visible' }).catch(async () =>
      assert.fail(`${what}: no option matching ${re} after typing "${text}"; the list shows: ${JSON.stringify(await listbox().innerText().catch(() => ''))}`),
    )
    assert.equal(await input.getAttribute('aria-expanded'), 'true', `${what}: aria-expanded`)
    return option
  }

  /** ArrowDown to the option matching re (the first time it becomes active), then Enter; checks the visit is client-side. */
  async function chooseWithKeyboard(input, re, lang, what) {
    const all = await options().allInnerTexts()
    const index = all.findIndex((t) => re.test(t))
    assert.ok(index >= 0, `${what}: no option matching ${re} in ${JSON.stringify(all)}`)
    for (let i = 0; i <= index; i++) await input.press('ArrowDown')
    const active = await input.getAttribute('aria-activedescendant')
    assert.ok(active, `${what}: ArrowDown sets aria-activedescendant`)
    const activeText = await page.locator(`[id="${active}"]`).innerText()
    assert.match(activeText, re, `${what}: the active option`)
    assert.equal(await page.locator(`[id="${active}"]`).getAttribute('aria-selected'), 'true', `${what}: aria-selected on the active option`)
    doc = await markDocument(page)
    await input.press('Enter')
    await page.waitForURL((u) => u.pathname === SALE_LIST[lang] && (u.searchParams.get('city') ?? '').startsWith('Arlon'), { waitUntil: 'commit' })
    await doc.check(`${what}: Enter on the city option`)
    doc.dispose()
    doc = null
  }

  plain('the home page is server-rendered with its banner and the latest offers', async () => {
    const d = await fetchDocument(`${server.url}/fr/`)
    assert.equal(d.status, 200, 'GET /fr/')
    const main = mainMarkup(d.app)
    assert.match(main, /<section[^>]*class="banner"/, 'a banner section')
    assert.match(main, /<h1[^>]*>[^<]+<\/h1>/, 'the banner title is the h1')
    const banner = d.page.props.banner
    if (banner.image) {
      const pic = banner.image.replace(/[.?]/g, (c) => `\\${c}`)
      assert.match(main, new RegExp(`${pic}(\\?|&amp;)width=600&amp;height=auto`), 'the banner picture at 600 pixels (phones)')
      assert.match(main, new RegExp(`${pic}(\\?|&amp;)width=1920&amp;height=auto`), 'the banner picture at 1920 pixels (desktops)')
      assert.match(main, /fetchPriority="high"|fetchpriority="high"/i, 'the banner picture loads with high priority')
    }
    const latest = d.page.props.modules.find((m) => m.view === 'latest-offers')
    assert.ok(latest?.items?.length > 0, 'the latest offers module has items')
    assert.ok(d.text.includes(latest.title), `the latest offers title "${latest.title}" is in the HTML`)
    const cards = hrefsIn(main)
    for (const item of latest.items) assert.ok(cards.includes(item.href), `the latest offer ${item.ID} is a card in the HTML (${item.href})`)
    assert.match(main, /role="combobox"/, 'the search box is in the HTML')
    assert.match(main, /<form[^>]*role="search"/, 'the search box is a form (works without JavaScript)')
  })

  plain('the project with its own site redirects there', async () => {
    const list = await fetchDocument(`${server.url}/fr/projets/`)
    assert.equal(list.status, 200, 'GET /fr/projets/')
    const module = list.page.props.modules.find((m) => m.view === 'project-list')
    const external = module?.projects?.find((p) => p.External)
    assert.ok(external, 'the demo has a project with its own site')
    assert.match(list.app, new RegExp(`<a href="${external.href.replace(/[.?]/g, (c) => `\\${c}`)}"[^>]*target="_blank" rel="noopener"`), 'its card opens its site in a new tab')
    const res = await fetch(`${server.url}/fr/project/?id=${external.ID}`, { redirect: 'manual' })
    assert.equal(res.status, 302, `GET /fr/project/?id=${external.ID}`)
    assert.match(res.headers.get('location') ?? '', /^https:\/\//, 'the redirect leads to an https address')
    assert.equal(res.headers.get('location'), external.href)
  })

  step('the home page hydrates and passes axe', async () => {
    await openHome('fr')
    await assertAccessible(page, 'home /fr/')
  })

  step('French: "arl" shows Arlon; Escape closes and clears', async () => {
    const input = box()
    await typeAndWait(input, 'arl', /Arlon/, 'fr')
    const groups = await page.locator('[role="listbox"] [role="group"]').count()
    assert.ok(groups >= 1, 'the options are grouped')
    await assertAccessible(page, 'home /fr/ with the suggestions open')
    await input.press('Escape')
    await listbox().waitFor({ state: 'hidden' })
    assert.equal(await input.inputValue(), '', 'Escape clears the text')
    assert.equal(await input.getAttribute('aria-expanded'), 'false', 'Escape closes the list')
  })

  step('French: an ID prefix "41000" shows property options', async () => {
    const input = box()
    await typeAndWait(input, '41000', /41000\d+/, 'fr ID')
    const texts = await options().allInnerTexts()
    assert.ok(texts.every((t) => /^41000\d*/.test(t.trim())), `every option is a property whose ID starts with 41000: ${JSON.stringify(texts)}`)
    assert.ok(texts.some((t) => /€\s?\d|prix sur demande/i.test(t)), `property options show a price: ${JSON.stringify(texts)}`)
    await input.press('Escape')
  })

  step('French: ArrowDown + Enter opens the sale list of Arlon without a reload', async () => {
    const input = box()
    await typeAndWait(input, 'arl', /Arlon/, 'fr')
    await chooseWithKeyboard(input, /Arlon/, 'fr', 'fr')
    await waitForText(await content(page), ['Arlon'], 'the filtered sale list')
  })

  step('Dutch: "arl" shows Arlon and ArrowDown + Enter opens the filtered list', async () => {
    const input = await openHome('nl')
    await typeAndWait(input, '41000', /41000\d+/, 'nl ID')
    await input.press('Escape')
    assert.equal(await input.inputValue(), '', 'Escape clears the text')
    await typeAndWait(input, 'arl', /Arlon/, 'nl')
    const label = await page.locator('[role="listbox"] [role="group"]').first().getAttribute('aria-labelledby')
    assert.equal((await page.locator(`[id="${label}"]`).textContent()).trim(), 'Gemeenten', 'the group label is Dutch')
    await chooseWithKeyboard(input, /Arlon/, 'nl', 'nl')
  })

  step('the projects page lists the projects and passes axe', async () => {
    const res = await page.goto(`${server.url}/fr/projets/`)
    assert.equal(res.status(), 200, 'GET /fr/projets/')
    const list = (await fetchDocument(`${server.url}/fr/projets/`)).page.props.modules.find((m) => m.view === 'project-list').projects
    await waitForText(await content(page), list.map((p) => p.Name), 'the project cards')
    await assertAccessible(page, 'projects /fr/projets/')
  })

  step('a project with units shows sold and sold-out units and passes axe', async () => {
    const list = (await fetchDocument(`${server.url}/fr/projets/`)).page.props.modules.find((m) => m.view === 'project-list').projects
    const target = list.find((p) => !p.External && p.UnitsTotal > 0)
    const project = (await fetchDocument(`${server.url}${target.href}`)).page.props.project
    const statuses = new Set(project.Units.map((u) => u.Status))
    assert.ok(statuses.has('sold') && statuses.has('soldout'), `project ${project.ID} has sold and sold-out units`)

    const link = (await content(page)).locator(`a[href="${target.href}"]`).first()
    await waitForHydration(link)
    doc = await markDocument(page)
    await link.click()
    await page.waitForURL((u) => u.pathname + u.search === target.href, { waitUntil: 'commit' })
    await doc.check('project card → project')
    doc.dispose()
    doc = null

    const table = page.locator('table').first()
    await table.waitFor({ state: 'visible' })
    const rows = await table.locator('tbody tr').allInnerTexts()
    assert.equal(rows.length, project.Units.length, 'one row per unit')
    const s = UNIT_STATUS.fr
    for (const [i, u] of project.Units.entries()) {
      const want = u.Status === 'sold' ? s.sold : u.Status === 'soldout' ? s.soldOut : s.available
      assert.ok(rows[i].includes(u.Unit) && rows[i].includes(want), `unit ${u.Unit} (${u.Status}) shows "${want}": ${JSON.stringify(rows[i])}`)
    }
    await assertAccessible(page, `project ${project.ID}`)

    // The same page straight from the server: the units and their states are in its HTML.
    const d = await fetchDocument(`${server.url}${target.href}`)
    const text = textOf(mainMarkup(d.app))
    for (const want of [s.sold, s.soldOut]) assert.ok(text.includes(want), `the server HTML of ${target.href} shows "${want}"`)
  })
})
