// The configured pop-up (SPEC §3, §4): a native modal dialog shown after its
// delay once the cookie choice is made, closed for the rest of the session
// once closed, closed by itself on an address holding `modal-clicked`. The
// demo's pop-up, with a delay of 1 s so the test does not wait long.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { consentCookie, needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const dir = mkdtempSync(path.join(tmpdir(), 'immo-popup-'))
after(() => rmSync(dir, { recursive: true, force: true }))

const DELAY_S = 1
const site = JSON.parse(readFileSync(path.join(ROOT, 'internal/adapter/demo/site.json'), 'utf8'))
site.popup = { ...site.popup, isPublished: 'yes', delay: DELAY_S }
const configFile = path.join(dir, 'site.json')
writeFileSync(configFile, JSON.stringify(site, null, 2))

const TITLES = { nl: 'Gratis schatting', fr: 'Estimation gratuite', en: 'Free valuation', de: 'Kostenlose Bewertung' }

/** A visitor who has made the cookie choice (necessary only), as vanilla-cookieconsent stores it. */
async function decideConsent(context, origin) {
  await context.addCookies([consentCookie(origin, ['necessary'])])
}

/** Init script: notes when the pop-up opens (performance.now(), from the navigation's start). */
function recordOpening() {
  new MutationObserver(() => {
    if (document.querySelector('dialog.popup[open]') && window.__popupOpenedAt === undefined) window.__popupOpenedAt = performance.now()
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] })
}

const isOpen = (page) => page.evaluate(() => document.querySelector('dialog.popup')?.open === true)

describe('pop-up', { skip: needsChromium() }, () => {
  const server = useServer(['--config', configFile])
  const browser = useBrowser()

  for (const [lang, title] of Object.entries(TITLES)) {
    it(`${lang}: appears after its delay, keeps the focus, closes with Escape, stays closed for the session`, { timeout: slow(30_000) }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin, { popup: true })
      try {
        await decideConsent(ctx.context, server.origin)
        await ctx.context.addInitScript(recordOpening)
        const page = await ctx.context.newPage()
        await page.goto(`${server.url}/${lang}/`)
        await waitForHydration(page.locator('.drawer-toggle'))
        await page.locator('dialog.popup[open]').waitFor({ timeout: slow(5_000) })
        // The timer cannot start before the page does: opened at least the delay after navigation began.
        const openedAt = await page.evaluate(() => window.__popupOpenedAt)
        assert.ok(openedAt >= DELAY_S * 1000, `shown ${Math.round(openedAt)} ms after navigation, before its delay of ${DELAY_S * 1000} ms`)
        const dialog = page.getByRole('dialog', { name: title })
        assert.equal(await dialog.isVisible(), true, `the dialog is named "${title}"`)
        assert.equal(await page.evaluate(() => document.querySelector('dialog.popup').contains(document.activeElement)), true, 'the focus is in the dialog')
        // Modal: Tab never reaches the page behind (past the dialog's last control it goes to the browser's own UI).
        for (let i = 0; i < 6; i++) {
          await page.keyboard.press('Tab')
          const where = await page.evaluate(() => document.activeElement === document.body ? 'body' : document.querySelector('dialog.popup').contains(document.activeElement) ? 'dialog' : document.activeElement.outerHTML.slice(0, 80))
          assert.ok(where === 'dialog' || where === 'body', `Tab ${i + 1} reached the page behind: ${where}`)
        }
        await page.keyboard.press('Escape')
        assert.equal(await isOpen(page), false, 'Escape closes it')
        await page.reload()
        await waitForHydration(page.locator('.drawer-toggle'))
        await page.waitForTimeout(DELAY_S * 1000 + 700)
        assert.equal(await isOpen(page), false, 'closed for the rest of the session after a reload')
        ctx.assertClean(`${lang} pop-up`)
      } finally {
        await ctx.close()
      }
    })
  }

  it('closes with its button and the focus returns; the backdrop closes it too', { timeout: slow(30_000) }, async () => {
    await server.start()
    for (const how of ['button', 'backdrop']) {
      const ctx = await openContext(await browser.get(), server.origin, { popup: true })
      try {
        await decideConsent(ctx.context, server.origin)
        const page = await ctx.context.newPage()
        await page.goto(`${server.url}/en/`)
        await waitForHydration(page.locator('.drawer-toggle'))
        await page.locator('.skip-link').focus()
        await page.locator('dialog.popup[open]').waitFor({ timeout: slow(5_000) })
        if (how === 'button') await page.getByRole('button', { name: 'Close', exact: true }).click()
        else await page.mouse.click(5, 5) // outside the dialog's box: its backdrop
        assert.equal(await isOpen(page), false, `${how} closes it`)
        if (how === 'button') assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip-link', 'the focus returns where it was')
        assert.equal(await page.evaluate(() => sessionStorage.getItem('immo.popup.closed')), '1')
        ctx.assertClean(`close by ${how}`)
      } finally {
        await ctx.close()
      }
    }
  })

  it('waits for the cookie choice, and never shows on a modal-clicked address', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin, { popup: true, consent: 'undecided' })
    try {
      const page = await ctx.context.newPage()
      await page.goto(`${server.url}/fr/`)
      await waitForHydration(page.locator('.drawer-toggle'))
      await page.waitForTimeout(DELAY_S * 1000 + 700)
      assert.equal(await isOpen(page), false, 'no pop-up before the cookie choice')

      await decideConsent(ctx.context, server.origin)
      await page.goto(`${server.url}/fr/?modal-clicked`)
      await waitForHydration(page.locator('.drawer-toggle'))
      await page.waitForTimeout(DELAY_S * 1000 + 700)
      assert.equal(await isOpen(page), false, 'modal-clicked closes it')
      assert.equal(await page.evaluate(() => sessionStorage.getItem('immo.popup.closed')), '1', 'and for the session')
      await page.goto(`${server.url}/fr/a-vendre/`)
      await waitForHydration(page.locator('.drawer-toggle'))
      await page.waitForTimeout(DELAY_S * 1000 + 700)
      assert.equal(await isOpen(page), false, 'still closed on the next page')
      ctx.assertClean('modal-clicked')
    } finally {
      await ctx.close()
    }
  })

  for (const lang of Object.keys(TITLES)) {
    it(`${lang}: #modal-clicked in the address closes it, and so does its target, the page it links to`, { timeout: slow(40_000) }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin, { popup: true })
      try {
        await decideConsent(ctx.context, server.origin)
        const page = await ctx.context.newPage()
        await page.goto(`${server.url}/${lang}/#modal-clicked`)
        await waitForHydration(page.locator('.drawer-toggle'))
        await page.waitForTimeout(DELAY_S * 1000 + 700)
        assert.equal(await isOpen(page), false, `/${lang}/#modal-clicked: the hash counts (the address contains the text)`)
        assert.equal(await page.evaluate(() => sessionStorage.getItem('immo.popup.closed')), '1', 'and for the session')

        // A new session: the target, read from the pop-up on the home page.
        await page.evaluate(() => sessionStorage.clear())
        await page.goto(`${server.url}/${lang}/`)
        await page.locator('dialog.popup[open]').waitFor({ timeout: slow(5_000) })
        const target = await page.locator('dialog.popup .popup-link').getAttribute('href')
        await page.evaluate(() => sessionStorage.clear())
        for (const address of [target, `${target}?from=popup`]) {
          await page.evaluate(() => sessionStorage.clear())
          await page.goto(server.url + address)
          await waitForHydration(page.locator('.drawer-toggle'))
          await page.waitForTimeout(DELAY_S * 1000 + 700)
          assert.equal(await isOpen(page), false, `${address}: the pop-up does not open on the page it links to`)
        }

        // A hash set on the page itself (an in-page link) closes an open pop-up.
        await page.evaluate(() => sessionStorage.clear())
        await page.goto(`${server.url}/${lang}/`)
        await page.locator('dialog.popup[open]').waitFor({ timeout: slow(5_000) })
        await page.evaluate(() => { location.hash = 'modal-clicked' })
        await page.waitForFunction(() => !document.querySelector('dialog.popup').open, null, { timeout: slow(2_000) })
          .catch(() => assert.fail('#modal-clicked set on the page leaves the pop-up open'))
        ctx.assertClean(`${lang} modal-clicked`)
      } finally {
        await ctx.close()
      }
    })
  }

  it('the other tests never see it (openContext closes it by default)', { timeout: slow(30_000) }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      await decideConsent(ctx.context, server.origin)
      const page = await ctx.context.newPage()
      await page.goto(`${server.url}/nl/`)
      await waitForHydration(page.locator('.drawer-toggle'))
      await page.waitForTimeout(DELAY_S * 1000 + 700)
      assert.equal(await isOpen(page), false)
    } finally {
      await ctx.close()
    }
  })
})
