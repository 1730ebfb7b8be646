// The header holds its layout at every width from 320 to 1920 px in every
// language, German (the longest) first: menu labels on one line, the logo at
// its own size and proportions, nothing scrolling sideways.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

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
    it(`${path}: one-line menu labels, a logo at its size, no sideways scroll at ${WIDTHS.join(', ')} px`, { timeout: slow(60_000) }, async () => {
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

  it('a configured menu too long for one line turns the header to the drawer instead of wrapping', { timeout: slow(60_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 1366, height: 900 })
      await page.goto(server.url + LISTS.de)
      await waitForHydration(page.locator('.drawer-toggle'))
      assert.equal(await page.locator('.drawer-toggle').isVisible(), false, 'at 1366 px the German menu shows in the header')
      // Stand-in for a longer configured menu: one label three times as long.
      // Put back should a late render of the page's app restore the label
      // (a busy machine loads it later), and the width changed each time:
      // the header re-measures when its width changes.
      let compact = false
      for (let i = 0, deadline = Date.now() + slow(10_000); !compact && Date.now() < deadline; i++) {
        await page.evaluate(() => {
          const a = document.querySelector('.main-nav a')
          if (!a.textContent.includes('Provinz')) a.textContent = `${a.textContent} – Häuser, Wohnungen und Grundstücke in der Provinz Luxemburg`
        })
        await page.setViewportSize({ width: 1365 - (i % 2), height: 900 })
        compact = await page.waitForFunction(() => document.querySelector('.site-header').hasAttribute('data-compact'), null, { timeout: slow(125) })
          .then(() => true, () => false)
      }
      assert.ok(compact, 'the crowded header did not turn to the drawer')
      assert.equal(await page.locator('.drawer-toggle').isVisible(), true, 'the drawer button shows')
      const m = await page.evaluate(measure)
      assert.ok(m.headerOverflow <= 0 && m.pageOverflow <= 0, `overflow: header ${m.headerOverflow}, page ${m.pageOverflow}`)
      ctx.assertClean('crowded menu')
    } finally {
      await ctx.close()
    }
  })
})

/** Sums the layout shifts the page has had (PerformanceObserver), from the first paint on. */
function watchLayoutShifts() {
  window.__shift = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value
  }).observe({ type: 'layout-shift', buffered: true })
}

const scrollTo = (page, y) => page.evaluate((y) => new Promise((r) => {
  window.scrollTo(0, y)
  requestAnimationFrame(() => requestAnimationFrame(r))
}), y)

describe('header behaviour', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('home: the logo shows only past 30 px; the header turns fixed there without moving the page', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      await ctx.context.addInitScript(watchLayoutShifts)
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 1366, height: 900 })
      await page.goto(server.url + '/nl/')
      await waitForHydration(page.locator('.drawer-toggle'))
      await page.waitForFunction(() => document.querySelector('.brand img')?.complete)
      const brand = page.locator('.site-header .brand')
      assert.equal(await brand.evaluate((el) => getComputedStyle(el).visibility), 'hidden', 'no logo at scroll 0')
      assert.equal(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).position), 'relative')
      const mainTop = () => page.evaluate(() => document.getElementById('main').getBoundingClientRect().top + window.scrollY)
      const before = await mainTop()
      const shiftBefore = await page.evaluate(() => window.__shift)

      await scrollTo(page, 30)
      assert.equal(await brand.evaluate((el) => getComputedStyle(el).visibility), 'hidden', 'still hidden at exactly 30 px')
      for (const y of [31, 60, 200, 600]) await scrollTo(page, y)
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.site-header .brand')).visibility === 'visible', null, { timeout: slow(2_000) })
      const header = await page.locator('.site-header').evaluate((el) => ({ position: getComputedStyle(el).position, top: el.getBoundingClientRect().top }))
      assert.deepEqual(header, { position: 'fixed', top: 0 }, 'past 30 px the header is fixed at the top')
      assert.equal(await mainTop(), before, 'the content keeps its place in the page')
      await scrollTo(page, 0)
      assert.equal(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).position), 'relative', 'back in place at the top')
      assert.equal(await mainTop(), before)
      const shift = await page.evaluate(() => window.__shift)
      assert.equal(shift - shiftBefore, 0, `layout shift while scrolling: ${shift - shiftBefore}`)
      ctx.assertClean('logo and fixed header')
    } finally {
      await ctx.close()
    }
  })

  it('1366 px: Escape closes an open sub menu — opened by its button, by the focus inside, or by hover', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 1366, height: 900 })
      await page.goto(server.url + '/fr/')
      const entry = page.locator('.site-header .main-nav li.has-children').first()
      const toggle = entry.locator('.submenu-toggle')
      const sub = entry.locator('.submenu')
      await waitForHydration(toggle)
      // By its button: Escape closes it, the focus stays on the button.
      await toggle.click()
      await sub.waitFor({ state: 'visible' })
      await page.keyboard.press('Escape')
      await sub.waitFor({ state: 'hidden', timeout: slow(1_000) }).catch(() => assert.fail('Escape left the sub menu opened by its button open'))
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
      // By the keyboard inside it: Escape closes it and the focus goes back to its button.
      await page.mouse.move(0, 800)
      await toggle.click()
      await sub.locator('a').first().focus()
      await page.keyboard.press('Escape')
      await sub.waitFor({ state: 'hidden', timeout: slow(1_000) }).catch(() => assert.fail('Escape left the sub menu open with the focus inside'))
      assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'the focus is back on the sub menu button')
      // By hover: Escape closes it while the pointer stays; leaving and coming back opens it again.
      await page.mouse.move(0, 800)
      await entry.locator('> a').hover()
      await sub.waitFor({ state: 'visible' })
      await page.keyboard.press('Escape')
      await sub.waitFor({ state: 'hidden', timeout: slow(1_000) }).catch(() => assert.fail('Escape left the hovered sub menu open'))
      await page.mouse.move(0, 800)
      await entry.locator('> a').hover()
      await sub.waitFor({ state: 'visible', timeout: slow(1_000) })
      ctx.assertClean('sub menu Escape')
    } finally {
      await ctx.close()
    }
  })

  it('375 px: the drawer by keyboard — focus inside, Tab stays, Escape closes, focus back; the backdrop closes it', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(server.url + '/de/')
      const toggle = page.locator('.drawer-toggle')
      await waitForHydration(toggle)
      await toggle.focus()
      await page.keyboard.press('Enter')
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true')
      const inDrawer = () => page.evaluate(() => {
        const a = document.activeElement
        return document.querySelector('.drawer').contains(a) || a === document.querySelector('.drawer-toggle')
      })
      // The focus moves in the open render's task; under load the check may come first.
      await page.waitForFunction(() => document.querySelector('.drawer').contains(document.activeElement), null, { timeout: slow(2_000) })
        .catch(() => assert.fail('the focus moved into the drawer'))
      const count = await page.locator('.drawer a, .drawer button').count()
      for (let i = 0; i < count + 3; i++) {
        await page.keyboard.press('Tab')
        assert.equal(await inDrawer(), true, `Tab ${i + 1} left the drawer`)
      }
      await page.keyboard.press('Shift+Tab')
      assert.equal(await inDrawer(), true, 'Shift+Tab left the drawer')
      assert.ok(await page.locator('.drawer').getByRole('link', { name: 'Kostenlose Bewertung' }).isVisible(), 'the free valuation button is in the drawer')
      await page.keyboard.press('Escape')
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Escape closes it')
      assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('drawer-toggle')), true, 'the focus is back on the button')

      await toggle.click()
      await page.locator('.drawer-backdrop').waitFor()
      await page.mouse.click(187, 780) // below the drawer: the backdrop
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'a click on the backdrop closes it')
      ctx.assertClean('drawer')
    } finally {
      await ctx.close()
    }
  })

  it('the top bar: absent from the page at 375 px, present at 1024 px', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(server.url + '/fr/')
      await waitForHydration(page.locator('.drawer-toggle'))
      // Hydration runs in a transition, part by part: the header may be live
      // a moment before the device setting has removed the top bar.
      await page.locator('.topbar').waitFor({ state: 'detached', timeout: slow(3_000) }).catch(() => {})
      assert.equal(await page.locator('.topbar').count(), 0, 'no top bar in the phone page')
      await page.setViewportSize({ width: 1024, height: 800 })
      await page.locator('.topbar').waitFor({ timeout: slow(2_000) })
      assert.ok(await page.getByRole('link', { name: 'Suivez-nous sur Facebook' }).isVisible(), 'right group')
      assert.ok(await page.locator('.topbar a[href^="tel:"]').isVisible(), 'left group')

      const wide = await ctx.context.newPage()
      await wide.setViewportSize({ width: 1024, height: 800 })
      await wide.goto(server.url + '/fr/')
      await waitForHydration(wide.locator('.drawer-toggle'))
      assert.equal(await wide.locator('.topbar').isVisible(), true, 'present at 1024 px')
      ctx.assertClean('top bar')
    } finally {
      await ctx.close()
    }
  })

  it('back to top: appears past 10 px, brings the page to the top', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.goto(server.url + '/en/for-sale/')
      await waitForHydration(page.locator('.drawer-toggle'))
      const button = page.getByRole('button', { name: 'Back to top' })
      assert.equal(await button.count(), 0, 'not at the top')
      await scrollTo(page, 9)
      await page.waitForTimeout(250)
      assert.equal(await button.count(), 0, 'not at 9 px')
      await scrollTo(page, 800)
      await button.waitFor({ timeout: slow(2_000) })
      const started = Date.now()
      await button.click()
      await page.waitForFunction(() => window.scrollY === 0, null, { timeout: slow(2_000) })
      const took = Date.now() - started
      assert.ok(took >= 300 && took < slow(1_500), `scrolled to the top in ${took} ms, want about 500`)
      await button.waitFor({ state: 'detached', timeout: slow(2_000) })
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main', 'the focus goes to the content')
      ctx.assertClean('back to top')
    } finally {
      await ctx.close()
    }
  })
})

// The seed's own case: no German content, so German menu labels are the
// longer generic ones ("Verkauft / vermietet", "Neubauprojekte"). From
// 1280 px the menu still shows in the header, as in nl, fr and en.
describe('header layout without German content', { skip: needsChromium() }, () => {
  const server = useServer(['--config', new URL('../../internal/http/web/route/testdata/site-without-german.json', import.meta.url).pathname])
  const browser = useBrowser()

  it('the menu shows in the header from 1280 to 1600 px in every language', { timeout: slow(60_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      const problems = []
      for (const path of ['/de/', '/nl/', '/fr/', '/en/']) {
        await page.setViewportSize({ width: 1280, height: 900 })
        await page.goto(server.url + path)
        await waitForHydration(page.locator('.drawer-toggle'))
        for (const width of [1280, 1366, 1440, 1600]) {
          await page.setViewportSize({ width, height: 900 })
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
          const m = await page.evaluate(measure)
          const at = `${path} at ${width} px`
          if (m.drawerMode) problems.push(`${at}: the menu is in the drawer`)
          for (const l of m.labels) if (l.lines !== 1) problems.push(`${at}: "${l.label}" wraps onto ${l.lines} lines`)
          if (m.headerOverflow > 0) problems.push(`${at}: the header's content is ${m.headerOverflow} px wider than the header`)
          if (m.pageOverflow > 0) problems.push(`${at}: the page scrolls sideways by ${m.pageOverflow} px`)
        }
      }
      assert.deepEqual(problems, [], problems.join('\n'))
      ctx.assertClean('header without German content')
    } finally {
      await ctx.close()
    }
  })
})
