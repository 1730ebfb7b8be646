// The header holds its layout at every width from 320 to 1920 px in every
// language, German (the longest) first: menu labels on one line, the logo at
// its own size and proportions, nothing scrolling sideways.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'

const WIDTHS = [320, 375, 768, 1024, 1280, 1366, 1920]
const LISTS = { de: '/de/zu-verkaufen/', nl: '/nl/te-koop/', fr: '/fr/a-vendre/', en: '/en/for-sale/' }

/** What the header looks like now, measured in the page. */
function measure() {
  const header = document.querySelector('.site-header')
  const inner = header.querySelector('.header-inner')
  const img = header.querySelector('.brand img')
  const toggle = header.querySelector('.drawer-toggle')
  const drawerMode = toggle && getComputedStyle(toggle).display !== 'none'
  const lines = (el) => {
    const r = document.createRange()
    r.selectNodeContents(el)
    return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size
  }
  const box = img.getBoundingClientRect()
  return {
    drawerMode,
    labels: [...header.querySelectorAll('.main-nav a, .drawer .valuation')]
      .filter((a) => a.getClientRects().length > 0)
      .map((a) => ({ label: a.textContent.trim(), lines: lines(a) })),
    logo: { width: box.width, height: box.height, ratio: img.naturalWidth / img.naturalHeight },
    headerOverflow: inner.scrollWidth - inner.clientWidth,
    pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
  }
}

describe('header layout', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  for (const [lang, path] of Object.entries(LISTS)) {
    it(`${path}: one-line menu labels, a logo at its size, no sideways scroll at ${WIDTHS.join(', ')} px`, { timeout: 60_000 }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin)
      try {
        const page = await ctx.context.newPage()
        await page.goto(server.url + path)
        await page.locator('.site-header .brand img').waitFor()
        await page.waitForFunction(() => document.querySelector('.brand img')?.complete)
        await waitForHydration(page.locator('.drawer-toggle'))
        const problems = []
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 })
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
          let m = await page.evaluate(measure)
          if (m.drawerMode) {
            // The menu lives in the drawer: open it to measure its labels.
            await page.locator('.drawer-toggle').click()
            const labels = (await page.evaluate(measure)).labels
            await page.locator('.drawer-toggle').click()
            m = { ...m, labels }
          }
          const at = `${lang} at ${width} px`
          if (m.labels.length === 0) problems.push(`${at}: no menu label visible`)
          for (const l of m.labels) if (l.lines !== 1) problems.push(`${at}: "${l.label}" wraps onto ${l.lines} lines`)
          const wantHeight = width >= 1280 && !m.drawerMode ? 48 : 40
          if (Math.abs(m.logo.height - wantHeight) > 0.5) problems.push(`${at}: logo ${m.logo.height} px high, want ${wantHeight}`)
          if (Math.abs(m.logo.width - m.logo.height * m.logo.ratio) > 1) problems.push(`${at}: logo squeezed to ${m.logo.width.toFixed(1)} px wide (${(m.logo.height * m.logo.ratio).toFixed(1)} at its proportions)`)
          if (m.headerOverflow > 0) problems.push(`${at}: the header's content is ${m.headerOverflow} px wider than the header`)
          if (m.pageOverflow > 0) problems.push(`${at}: the page scrolls sideways by ${m.pageOverflow} px`)
        }
        assert.deepEqual(problems, [], problems.join('\n'))
        ctx.assertClean(`${path}`)
      } finally {
        await ctx.close()
      }
    })
  }

  it('a configured menu too long for one line turns the header to the drawer instead of wrapping', { timeout: 60_000 }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 1366, height: 900 })
      await page.goto(server.url + LISTS.de)
      await waitForHydration(page.locator('.drawer-toggle'))
      assert.equal(await page.locator('.drawer-toggle').isVisible(), false, 'at 1366 px the German menu shows in the header')
      // Stand-in for a longer configured menu: one label three times as long.
      await page.evaluate(() => {
        const a = document.querySelector('.main-nav a')
        a.textContent = `${a.textContent} – Häuser, Wohnungen und Grundstücke in der Provinz Luxemburg`
      })
      await page.setViewportSize({ width: 1365, height: 900 }) // the header re-measures when its width changes
      await page.waitForFunction(() => document.querySelector('.site-header').hasAttribute('data-compact'), null, { timeout: 2_000 })
        .catch(() => assert.fail('the crowded header did not turn to the drawer'))
      assert.equal(await page.locator('.drawer-toggle').isVisible(), true, 'the drawer button shows')
      const m = await page.evaluate(measure)
      assert.ok(m.headerOverflow <= 0 && m.pageOverflow <= 0, `overflow: header ${m.headerOverflow}, page ${m.pageOverflow}`)
      ctx.assertClean('crowded menu')
    } finally {
      await ctx.close()
    }
  })
})
