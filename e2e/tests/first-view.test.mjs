// The first view fetches no script (issue #34): on every page kind a phone
// paints and loads the server's page and asks for none of the app's code
// until the visitor first turns to it (a key, a finger) or the browser is
// idle; then the app comes and hydrates. A click on one of the app's own
// buttons before it is there (the cookie dialog's) is not lost: the head's
// loader holds it and the app acts on it once it runs.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { slow } from '../lib/patience.mjs'
import { useServer } from '../lib/server.mjs'

const TIMEOUT = slow(90_000)
/**
 * The hydration's work budget (issue #34: no long task while the page hydrates), counted in elements, not
 * in time, so a busy machine cannot fail it: the first task — which also runs the app's start — hydrates
 * the page's skeleton only (the layout outside its Slices), and every part is hydrated in the end. Measured
 * 2026-11-30 (evening): skeleton 3–11 elements, a later task 7–233 (the property page's details at 1366 px most).
 */
const FIRST_TASK_ELEMENTS = 20
// No bound on a later task: how many parts fit in a share depends on the machine's speed (a CI run saw 314).
const KINDS = [
  ['home', '/fr/'],
  ['sale list', '/fr/a-vendre/'],
  ['property', '/fr/property/4100001/'],
  ['project list', '/fr/projets/'],
  ['project', async (url) => /href="(\/fr\/project\/\?id=\d+)"/.exec(await (await fetch(url + '/fr/projets/')).text())?.[1]],
  ['contact', '/fr/contact/'],
  ['valuation', '/fr/estimation-gratuite/'],
  ['demand register', '/fr/recherche/'],
]

describe('the first view', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  /** A phone whose browser is never idle (requestIdleCallback never calls back): only a turn loads the app. */
  async function neverIdle(opts = {}) {
    const phone = await openContext(await browser.get(), server.origin, { phone: true, ...opts })
    await phone.context.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
    const scripts = []
    phone.context.on('request', (r) => {
      if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname)
    })
    return { ...phone, scripts }
  }

  it('asks for no script on any page kind until a key is pressed, then hydrates', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const phone = await neverIdle()
    try {
      const page = await phone.context.newPage()
      for (const [kind, where] of KINDS) {
        const path = typeof where === 'function' ? await where(server.url) : where
        assert.ok(path, `${kind}: an address`)
        phone.scripts.length = 0
        await page.goto(server.url + path, { waitUntil: 'load' })
        await page.waitForTimeout(300)
        assert.deepEqual(phone.scripts, [], `${kind} (${path}): no script before the visitor turns to the page`)
        assert.equal(await page.evaluate(() => !!window.immoHydrated), false, `${kind}: the app is not there yet`)
        await page.keyboard.press('Shift')
        await waitForHydration(page.locator('.drawer-toggle'), slow(10_000))
        assert.ok(phone.scripts.length > 0, `${kind}: the key brought the app`)
      }
      phone.assertClean('the phone')
    } finally {
      await phone.close()
    }
  })

  it('hydrates every page kind in tasks within the work budget, the first holding the skeleton only', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    for (const phone of [true, false]) {
      const visitor = await openContext(await browser.get(), server.origin, { phone })
      try {
        const page = await visitor.context.newPage()
        for (const [kind, where] of KINDS) {
          const path = typeof where === 'function' ? await where(server.url) : where
          await page.goto(server.url + path, { waitUntil: 'load' })
          await page.keyboard.press('Shift')
          await page.waitForFunction(() => window.immoHydrated === true, null, { timeout: slow(10_000) })
          const work = await page.evaluate(() => window.immoHydration)
          // The elements the runtime hydrates: the app's, but a deferred form's (hydrated when turned to) and
          // the content of the parts that stay the server's HTML (lib/hydration/Static: cards, figures, texts).
          const elements = await page.evaluate(() => document.querySelectorAll('#app *').length - document.querySelectorAll('#app .deferred-form *, #app [data-static] *').length)
          const at = `${kind} (${path}, ${phone ? 'phone' : 'desktop'}): elements per task ${JSON.stringify(work)}`
          assert.ok(Array.isArray(work) && work.length >= 2, `${at}: the page hydrates after its skeleton, in tasks of its own`)
          assert.ok(work[0] <= FIRST_TASK_ELEMENTS, `${at}: the first task holds the skeleton only`)
          // Every part hydrated, none left as the server's HTML (what a part that waits and is never
          // released would be): all but a few elements the runtime does not visit (~30: a noscript's).
          const hydrated = work.reduce((a, b) => a + b, 0)
          assert.ok(hydrated >= elements - 40, `${at}: ${hydrated} of the page's ${elements} elements hydrated`)
          // The parts that never move are the server's HTML, untouched: the page's content, not its code.
          if (kind === 'sale list' || kind === 'home' || kind === 'property') {
            const kept = await page.evaluate(() => document.querySelectorAll('#app [data-static] *').length)
            assert.ok(kept > 100, `${at}: ${kept} elements kept as the server's HTML`)
          }
        }
        visitor.assertClean(phone ? 'the phone' : 'the desktop')
      } finally {
        await visitor.close()
      }
    }
  })

  it('loads the app by itself once the loaded page leaves the browser idle', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const phone = await openContext(await browser.get(), server.origin, { phone: true })
    try {
      const page = await phone.context.newPage()
      await page.goto(server.url + '/fr/a-vendre/')
      await waitForHydration(page.locator('.drawer-toggle'), slow(10_000))
      phone.assertClean('the phone')
    } finally {
      await phone.close()
    }
  })

  it("acts on a cookie choice tapped before the app is there", { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const phone = await neverIdle({ consent: 'undecided' })
    let release
    const released = new Promise((r) => { release = r })
    // The app's code is held until the tap is done: the tap surely comes first.
    await phone.context.route((url) => url.origin === server.origin && url.pathname.endsWith('.js'), async (route) => {
      await released
      await route.continue()
    })
    try {
      const page = await phone.context.newPage()
      await page.goto(server.url + '/fr/', { waitUntil: 'load' })
      const decline = page.locator('.consent-banner-choice').nth(1)
      await decline.waitFor()
      await decline.tap()
      assert.equal(await page.evaluate(() => window.immoClicks?.length), 1, 'the loader holds the tap')
      assert.ok(!(await phone.context.cookies()).some((c) => c.name === 'cc_cookie'), 'no choice without the app')
      release()
      await page.locator('.consent-banner-choice').first().waitFor({ state: 'hidden', timeout: slow(10_000) })
      const cookie = (await phone.context.cookies()).find((c) => c.name === 'cc_cookie')
      assert.ok(cookie, 'the choice is kept')
      assert.deepEqual(JSON.parse(decodeURIComponent(cookie.value)).categories, ['necessary'], 'declined: the necessary cookies only')
      phone.assertClean('the phone')
    } finally {
      await phone.close()
    }
  })

  it('lays out and paints no card far below the screen until the visitor scrolls near it', { timeout: TIMEOUT, skip }, async () => {
    // A list's twelve cards were most of a phone's first layout and paint (each icon's mask painted again);
    // a card off screen skips its content (content-visibility) until the visitor comes near.
    await server.start()
    const phone = await openContext(await browser.get(), server.origin, { phone: true })
    try {
      const page = await phone.context.newPage()
      await page.goto(server.url + '/fr/a-vendre/', { waitUntil: 'load' })
      const rendered = () => page.$$eval('.card-grid .card-title', (titles) => titles.map((t) => t.checkVisibility({ contentVisibilityAuto: true })))
      const before = await rendered()
      assert.ok(before.length >= 12, `a full page of cards (${before.length})`)
      assert.equal(before[0], true, 'the first card is rendered')
      assert.equal(before.at(-1), false, 'the last card, screens below, is not')
      await page.locator('.card-grid .card').last().scrollIntoViewIfNeeded()
      await page.waitForFunction(() => [...document.querySelectorAll('.card-grid .card-title')].at(-1).checkVisibility({ contentVisibilityAuto: true }))
      // Scrolled to through the others' estimated heights, it is on screen once they are laid out.
      await page.waitForFunction(() => {
        const r = document.querySelector('.card-grid li:last-child .card').getBoundingClientRect()
        return r.bottom > 0 && r.top < innerHeight
      })
      phone.assertClean('the phone')
    } finally {
      await phone.close()
    }
  })
})
