// The page shell as a visitor meets it: footer, back-to-top button,
// pop-up, menus, the 404 page, in the four languages.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const HOMES = ['/nl/', '/fr/', '/en/', '/de/']

/** The rectangles of el's text (its lines), or of el itself for a control. */
function boxesOf(el) {
  if (el.matches('button, a')) return [el.getBoundingClientRect()]
  const r = document.createRange()
  r.selectNodeContents(el)
  return [...r.getClientRects()]
}

describe('shell', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('at 375 px the back-to-top button covers neither the copyright line nor the cookie settings button', { timeout: slow(60_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 375, height: 740 })
      const problems = []
      for (const path of HOMES) {
        await page.goto(server.url + path)
        await waitForHydration(page.locator('.drawer-toggle'))
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await page.locator('.back-to-top').waitFor()
        const hits = await page.evaluate((boxesOfSource) => {
          const boxesOf = new Function(`return (${boxesOfSource})`)()
          const b = document.querySelector('.back-to-top').getBoundingClientRect()
          const out = []
          for (const el of document.querySelectorAll('.footer-bottom .copyright, .footer-bottom button, .footer-bottom a')) {
            for (const r of boxesOf(el)) {
              if (r.width && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) out.push(`"${el.textContent.trim()}"`)
            }
          }
          return out
        }, boxesOf.toString())
        for (const h of hits) problems.push(`${path}: the back-to-top button covers ${h}`)
      }
      assert.deepEqual(problems, [], problems.join('\n'))
      ctx.assertClean('back to top')
    } finally {
      await ctx.close()
    }
  })
})

/** The list filters whose shown text does not fit in them (canvas-measured in the control's font). */
function cutFilters() {
  const ctx = document.createElement('canvas').getContext('2d')
  const out = []
  for (const el of document.querySelectorAll('.list-filters select')) {
    const cs = getComputedStyle(el)
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
    const text = el.selectedOptions[0]?.textContent ?? ''
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20 // the arrow
    if (ctx.measureText(text).width > room) out.push(`${el.name}: "${text}" needs ${Math.ceil(ctx.measureText(text).width)} px, has ${Math.floor(room)}`)
  }
  return out
}

describe('drawer without JavaScript', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('at 375 px the menu button opens the drawer: its menu and the free valuation button are reachable, by mouse and keyboard', { timeout: slow(60_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin, { javaScriptEnabled: false })
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 375, height: 740 })
      for (const path of HOMES) {
        await page.goto(server.url + path)
        const toggle = page.locator('.site-header .drawer-toggle')
        const valuation = page.locator('.site-header .drawer .valuation')
        const firstLink = page.locator('.site-header .drawer .main-nav a').first()
        assert.equal(await valuation.isVisible(), false, `${path}: the drawer starts closed`)
        await toggle.click()
        assert.equal(await valuation.isVisible(), true, `${path}: the free valuation button shows in the opened drawer`)
        assert.equal(await firstLink.isVisible(), true, `${path}: the menu shows`)
        await toggle.click()
        assert.equal(await valuation.isVisible(), false, `${path}: the button closes it again`)
        // By keyboard: the button takes the focus and Enter opens the drawer.
        await toggle.focus()
        await page.keyboard.press('Enter')
        assert.equal(await valuation.isVisible(), true, `${path}: Enter opens it`)
        const href = await valuation.getAttribute('href')
        await valuation.click()
        await page.waitForURL((u) => u.pathname === href)
      }
      ctx.assertClean('drawer without JavaScript')
    } finally {
      await ctx.close()
    }
  })
})

describe('a form error under the sticky header', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  for (const width of [375, 1366]) {
    it(`${width} px: after a refused send, each field the keyboard goes back to and the error summary show below the header`, { timeout: slow(60_000) }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin)
      try {
        const page = await ctx.context.newPage()
        await page.setViewportSize({ width, height: 740 })
        await page.goto(server.url + '/fr/contact/')
        const form = page.locator('.module-contact form')
        const send = form.locator('button[type="submit"]').first()
        await waitForHydration(send)
        await send.scrollIntoViewIfNeeded()
        await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'POST' && r.status() === 422, { timeout: slow(10_000) }),
          send.click(),
        ])
        await form.locator('.vf-summary').waitFor()
        const problems = []
        // The server's answer (every problem at once): the first field in red
        // has the focus, and it and the summary show below the header.
        await page.waitForFunction(() => document.activeElement?.closest('.module-contact form'), null, { timeout: slow(5_000) })
        const shown = await page.evaluate(() => {
          const header = document.querySelector('.site-header').getBoundingClientRect().bottom
          const s = document.querySelector('.module-contact .vf-summary').getBoundingClientRect()
          const a = document.activeElement.getBoundingClientRect()
          return { header, summary: s.top, field: a.top, fieldBottom: a.bottom, height: innerHeight, focused: document.activeElement.getAttribute('name') }
        })
        if (shown.summary < shown.header - 1 || shown.summary > shown.height) problems.push(`after the answer the summary is at ${Math.round(shown.summary)} px, the header ends at ${shown.header}`)
        if (shown.field < shown.header - 1 || shown.fieldBottom > shown.height + 1) problems.push(`after the answer the focused ${shown.focused} is at ${Math.round(shown.field)} px`)
        const where = () => page.evaluate(() => {
          const header = document.querySelector('.site-header').getBoundingClientRect().bottom
          const a = document.activeElement
          const r = a.getBoundingClientRect()
          return { header, top: r.top, bottom: r.bottom, height: innerHeight, name: a.getAttribute('name') || a.className, first: a.getAttribute('name') === 'firstName' }
        })
        // Back up the form with Shift+Tab, as a keyboard user fixing the fields in red does.
        await send.focus()
        for (let i = 0; i < 30; i++) {
          await page.keyboard.press('Shift+Tab')
          const m = await where()
          if (m.top < m.header - 1 || m.bottom > m.height + 1) problems.push(`${m.name}: at ${Math.round(m.top)}–${Math.round(m.bottom)} px, the header ends at ${m.header}`)
          if (m.first) break
        }
        // The summary, where the form sends the focus for an error of its own.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await form.locator('.vf-summary').focus()
        const m = await where()
        if (m.top < m.header - 1 || m.bottom > m.height + 1) problems.push(`the error summary at ${Math.round(m.top)} px, the header ends at ${m.header}`)
        assert.deepEqual(problems, [], problems.join('\n'))
        ctx.problems.splice(0, Infinity, ...ctx.problems.filter((p) => !/status of 422\b|HTTP error: 422 POST/.test(p)))
        ctx.assertClean('form error in view')
      } finally {
        await ctx.close()
      }
    })
  }
})

describe('headers', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('the browser does not warn about the Permissions-Policy', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      const warnings = []
      page.on('console', (m) => /Permissions-Policy/i.test(m.text()) && warnings.push(`${m.type()}: ${m.text()}`))
      for (const path of HOMES) {
        await page.goto(server.url + path)
        await waitForHydration(page.locator('.drawer-toggle'))
      }
      assert.deepEqual(warnings, [])
      ctx.assertClean('permissions policy')
    } finally {
      await ctx.close()
    }
  })
})

describe('list filters', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('show their whole text at every width, in every language', { timeout: slow(60_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      const problems = []
      for (const path of ['/fr/a-vendre/', '/fr/a-louer/', '/nl/te-koop/', '/en/for-sale/', '/de/zu-verkaufen/']) {
        await page.goto(server.url + path)
        await page.locator('.list-filters select').first().waitFor()
        for (const width of [320, 375, 768, 1024, 1280, 1366, 1920]) {
          await page.setViewportSize({ width, height: 900 })
          for (const p of await page.evaluate(cutFilters)) problems.push(`${path} at ${width} px: ${p}`)
        }
      }
      assert.deepEqual(problems, [], problems.join('\n'))
      ctx.assertClean('list filters')
    } finally {
      await ctx.close()
    }
  })
})

describe('404 page', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('has the language switcher, each language leading to its home page', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin, { expectedStatus: (url, status) => status === 404 && url.pathname.includes('gibt-es-nicht') })
    try {
      const page = await ctx.context.newPage()
      for (const width of [375, 1366]) {
        await page.setViewportSize({ width, height: 800 })
        const res = await page.goto(server.url + '/de/gibt-es-nicht/')
        assert.equal(res.status(), 404)
        await waitForHydration(page.locator('.drawer-toggle'))
        if (width < 1280) await page.locator('.drawer-toggle').click()
        const fr = page.locator('.site-header .lang-switch a[hreflang="fr"]')
        assert.equal(await fr.isVisible(), true, `${width} px: the switcher shows`)
        assert.equal(await fr.getAttribute('href'), '/fr/')
        assert.equal(await page.locator('.site-header .lang-switch a[aria-current]').getAttribute('hreflang'), 'de')
      }
      await page.locator('.site-header .lang-switch a[hreflang="fr"]').click()
      await page.waitForURL('**/fr/')
      // Chromium logs the document's own 404 on the console: expected here, any other error is not.
      const own = /console error: Failed to load resource: .* status of 404 .*\/de\/gibt-es-nicht\//
      ctx.problems.splice(0, Infinity, ...ctx.problems.filter((p) => !own.test(p)))
      ctx.assertClean('404 language switcher')
    } finally {
      await ctx.close()
    }
  })
})

const dir = mkdtempSync(path.join(tmpdir(), 'immo-shell-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** The demo site with header settings changed, written to a file for --config. */
function siteWith(name, header) {
  const site = JSON.parse(readFileSync(new URL('../../internal/adapter/demo/site.json', import.meta.url), 'utf8'))
  site.header = { ...site.header, ...header }
  const file = path.join(dir, `${name}.json`)
  writeFileSync(file, JSON.stringify(site))
  return file
}

for (const [logo, drawer] of [['right', 'right'], ['center', 'right'], ['center', 'left']]) {
  describe(`logo ${logo}, drawer button ${drawer}`, { skip: needsChromium() }, () => {
    const server = useServer(['--config', siteWith(`logo-${logo}-${drawer}`, { logoPosition: logo, drawerButton: drawer, showLogoAtStart: true })])
    const browser = useBrowser()

    it(`the logo keeps its configured place below 1280 px (375, 768, 1024 px)`, { timeout: slow(60_000) }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin)
      try {
        const page = await ctx.context.newPage()
        const problems = []
        for (const width of [375, 768, 1024]) {
          await page.setViewportSize({ width, height: 800 })
          await page.goto(server.url + '/fr/a-vendre/')
          await waitForHydration(page.locator('.drawer-toggle'))
          const m = await page.evaluate(() => {
            const box = (s) => document.querySelector(s).getBoundingClientRect()
            const b = box('.site-header .brand')
            const t = box('.site-header .drawer-toggle')
            return { brand: { left: b.left, right: b.right, center: (b.left + b.right) / 2 }, toggle: { left: t.left, right: t.right }, width: document.documentElement.clientWidth }
          })
          const at = `${width} px`
          if (logo === 'right' && !(m.brand.left > m.toggle.right && m.brand.right > m.width - 40)) problems.push(`${at}: the logo is not on the right (${JSON.stringify(m)})`)
          if (logo === 'center' && Math.abs(m.brand.center - m.width / 2) > 2) problems.push(`${at}: the logo is not centred (${m.brand.center} of ${m.width})`)
          if (logo === 'center' && drawer === 'right' && m.toggle.right < m.width - 40) problems.push(`${at}: the drawer button left its right side`)
          if (logo === 'center' && drawer === 'left' && m.toggle.left > 40) problems.push(`${at}: the drawer button left its left side`)
          if (m.brand.left < m.toggle.right && m.brand.right > m.toggle.left) problems.push(`${at}: logo and drawer button overlap`)
        }
        assert.deepEqual(problems, [], problems.join('\n'))
        ctx.assertClean(`logo ${logo}`)
      } finally {
        await ctx.close()
      }
    })
  })
}
