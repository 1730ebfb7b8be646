// German pages (the demo feed sends no German text): the feed's fixed values
// (heating, kitchen, availability, documents, delivery, buildings, picture
// names) read in German, and any text still falling back to another
// language is marked with that language (lang), never shown as German.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const CATALOG = JSON.parse(readFileSync(new URL('../../internal/adapter/demo/catalog.json', import.meta.url), 'utf8'))

/** The French texts of the seed that have no German (and read differently in German than in French). */
function frenchOnly() {
  const out = new Set()
  const walk = (v) => {
    if (!v || typeof v !== 'object') return
    if (Array.isArray(v)) return v.forEach(walk)
    if (typeof v.fr === 'string' && v.fr.trim() && !(v.de ?? '').trim() && v.fr !== v.en) out.add(v.fr.trim())
    for (const x of Object.values(v)) walk(x)
  }
  walk(CATALOG)
  for (const p of [...CATALOG.properties, ...CATALOG.projects]) for (const pic of p.Pictures ?? []) if (pic.Name) out.add(pic.Name)
  return [...out]
}

/** French text shown on the page without lang="fr" around it, and alt texts holding French. */
function unmarked(french) {
  const set = new Set(french)
  const out = []
  const walker = document.createTreeWalker(document.querySelector('#app'), NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim()
    if (!set.has(text)) continue
    const lang = n.parentElement.closest('[lang]')?.getAttribute('lang')
    if (lang !== 'fr') out.push(`"${text}" in <${n.parentElement.localName} class="${n.parentElement.className}"> read as ${lang}`)
  }
  for (const img of document.querySelectorAll('#app img[alt]')) {
    const lang = img.closest('[lang]')?.getAttribute('lang')
    for (const f of french) if (lang !== 'fr' && img.alt.includes(f) && f.length > 3) out.push(`alt "${img.alt}" holds the French "${f}"`)
  }
  return out
}

describe('German pages', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('property and project pages: fixed values in German, fallbacks marked with their language, alt texts in one language', { timeout: slow(90_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.goto(server.url + '/de/zu-verkaufen/')
      const properties = await page.$$eval('#app main a[href^="/de/zu-verkaufen/"]', (as) => [...new Set(as.map((a) => a.getAttribute('href')).filter((h) => /\/\d+\/$/.test(h)))].slice(0, 8))
      assert.ok(properties.length >= 4, `property links on the German list: ${properties}`)
      const projects = CATALOG.projects.filter((p) => !p.ExternalWeb).map((p) => `/de/project/?id=${p.ID}`)
      const french = frenchOnly()
      const problems = []
      let rows = 0
      const shown = {}
      for (const path of [...properties, ...projects]) {
        await page.goto(server.url + path)
        await page.locator('#app main h1').waitFor()
        rows += await page.locator('#app main dd').count()
        shown[path] = await page.locator('#app main').innerText()
        for (const p of await page.evaluate(unmarked, french)) problems.push(`${path}: ${p}`)
      }
      assert.ok(rows > 20, 'the pages show their details')
      assert.deepEqual(problems, [], problems.join('\n'))
      // German dates: 17.04.2031, never 17/04/2031.
      const propertyText = properties.map((p) => shown[p]).join('\n')
      assert.doesNotMatch(propertyText, /\b\d{2}\/\d{2}\/\d{4}\b/, 'a date written the French way on a German page')
      assert.match(propertyText, /\b\d{2}\.\d{2}\.\d{4}\b/, 'the EPC end dates read 17.04.2031')
      // The translations themselves.
      assert.match(properties.map((p) => shown[p]).join('\n'), /verglasung/i, 'the glazing reads in German')
      for (const p of projects) assert.match(shown[p], /Frühjahr|Sommer|Herbst|Winter|Anfang|Ende/, `${p}: the delivery reads in German`)
      ctx.assertClean('German pages')
    } finally {
      await ctx.close()
    }
  })
})
