// Debian's Chromium driven by playwright-core (which never downloads a
// browser), plus the watchers every browser test uses: console errors, page
// errors, failed same-origin requests and any request to another host.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { after } from 'node:test'
import { chromium } from 'playwright-core'
import { slow } from './patience.mjs'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const IN_CI = process.env.CI === 'true'

/**
 * The `skip` option for tests that need Chromium: a reason when it is
 * missing outside CI, undefined otherwise. In CI (CI=true) a missing
 * Chromium is not skipped: launchBrowser() fails the test with the reason.
 */
export function needsChromium() {
  if (existsSync(CHROMIUM) || IN_CI) return undefined
  return `Chromium not found at ${CHROMIUM} (apt-get install chromium); browser test skipped outside CI`
}

export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    const why = IN_CI ? 'CI=true, so this is a failure, not a skip' : 'outside CI these tests are skipped (needsChromium)'
    throw new Error(`Chromium not found at ${CHROMIUM}: the browser tests need it (apt-get install chromium); ${why}.`)
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: slow(30_000) })
}

/**
 * Chromium for the current suite, launched by the first test that awaits
 * get() (a launch failure then fails that test, and counts in the summary)
 * and closed in `after`.
 */
export function useBrowser() {
  let launching = null
  after(async () => {
    const b = await launching?.catch(() => null)
    await b?.close()
  })
  return { get: () => (launching ??= launchBrowser()) }
}

/**
 * A browser context for the site at origin, with every problem recorded:
 * console errors, uncaught page errors, same-origin responses >= 400 or
 * failed, and requests to other hosts (aborted: the site must work offline).
 * `expectedStatus(url, status)` may allow a status on purpose (a 404 page).
 * `consent`: 'necessary' (default: a decided consent cookie, strictly
 * necessary only, so no cookie dialog covers the page) or 'undecided' (no
 * cookie: the dialog shows). `phone`: a touch phone's screen (390 × 844, touch
 * events) instead of a 1280 × 800 desktop.
 */
export async function openContext(browser, origin, { javaScriptEnabled = true, expectedStatus = () => false, popup = false, consent = 'necessary', phone = false } = {}) {
  const screen = phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }
  const context = await browser.newContext({ javaScriptEnabled, locale: 'fr-BE', ...screen })
  scripted.set(context, javaScriptEnabled)
  if (consent !== 'undecided') await context.addCookies([consentCookie(origin, ['necessary'])])
  // The site's pop-up is a modal <dialog> that makes the page inert after its
  // delay; tests other than the pop-up's own start with it closed for the
  // session (the key the Popup component reads), as a visitor who closed it.
  if (!popup) {
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem('immo.popup.closed', '1')
      } catch {
        // about:blank and other opaque origins have no sessionStorage
      }
    })
  }
  context.setDefaultTimeout(slow(5_000))
  context.setDefaultNavigationTimeout(slow(10_000))
  const problems = []
  const record = (kind, detail) => problems.push(`${kind}: ${detail}`)

  await context.route(
    (url) => url.origin !== origin && /^(https?|wss?):$/.test(url.protocol),
    (route) => {
      const req = route.request()
      record('request to another host', `${req.method()} ${req.url()}`)
      return route.abort('blockedbyclient')
    },
  )
  context.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const loc = msg.location()
    record('console error', `${msg.text()}${loc?.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`)
  })
  context.on('weberror', (err) => {
    const e = err.error()
    record('page error', e?.stack || e?.message || String(e))
  })
  context.on('response', (res) => {
    const url = new URL(res.url())
    if (url.origin === origin && res.status() >= 400 && !expectedStatus(url, res.status())) {
      record('HTTP error', `${res.status()} ${res.request().method()} ${url.pathname}${url.search}`)
    }
  })
  context.on('requestfailed', (req) => {
    const url = new URL(req.url())
    const error = req.failure()?.errorText ?? ''
    // ERR_ABORTED: the page itself cancelled it (a superseded visit, a
    // navigation away); blocked ones were recorded by the route above.
    if (url.origin !== origin || /ERR_ABORTED|ERR_BLOCKED_BY_CLIENT/.test(error)) return
    // With JavaScript off, Chromium refuses to fetch scripts (module preloads included).
    if (!javaScriptEnabled && req.resourceType() === 'script') return
    record('request failed', `${req.method()} ${url.pathname}${url.search}: ${error}`)
  })

  let inflight = 0
  context.on('request', () => { inflight++ })
  context.on('requestfinished', () => { inflight-- })
  context.on('requestfailed', () => { inflight-- })

  return {
    context,
    problems,
    /** Waits (at most timeout ms) until no request has been in flight for 250 ms. */
    async settle(timeout = 3_000) {
      const deadline = Date.now() + timeout
      let quietSince = Date.now()
      while (Date.now() < deadline) {
        if (inflight > 0) quietSince = Date.now()
        else if (Date.now() - quietSince >= 250) return
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    /** Fails with every problem recorded so far, naming the step. */
    assertClean(step) {
      if (problems.length) assert.fail(`${step}: the browser reported problems:\n  ${problems.join('\n  ')}`)
    },
    async close() {
      await context.close()
    },
  }
}

const DEMO_SITE = new URL('../../internal/adapter/demo/site.json', import.meta.url)

/**
 * The consent cookie vanilla-cookieconsent v3 writes after a choice (the
 * fields it checks: categories, the configured revision, a UUID and both
 * timestamps), for the demo site's revision.
 */
export function consentCookie(origin, categories) {
  const revision = JSON.parse(readFileSync(DEMO_SITE, 'utf8')).consent?.revision ?? 0
  const now = new Date().toISOString()
  const services = Object.fromEntries(['necessary', 'analytics', 'marketing', 'social', 'unclassified'].map((c) => [c, []]))
  const value = { categories, revision, data: null, consentTimestamp: now, consentId: '6f1c2a4e-8b3d-4e5f-9a7b-0c1d2e3f4a5b', services, languageCode: 'fr', lastConsentTimestamp: now, expirationTime: Date.now() + 182 * 864e5 }
  return { name: 'cc_cookie', value: encodeURIComponent(JSON.stringify(value)), url: origin, sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 182 * 86400 }
}

/**
 * Waits until the app has hydrated the element. Preact keeps only an
 * element's handlers on it, in an object of its own (onClick: a function…),
 * and hydrates the whole page in one go: an element without handlers is
 * hydrated once the app says so (window.immoHydrated), a deferred form's
 * once it listens. Clicking before that would be a plain link.
 */
export async function waitForHydration(locator, timeout = 10_000) {
  await locator.waitFor({ state: 'attached', timeout })
  // A form's code loads when the visitor turns to it, a pointer over it or the focus in it
  // (web/src/shared/forms/deferred.tsx): the visitor scrolls to it (to its summary, when it
  // waits behind one) and moves the pointer over it — again while the page has not hydrated
  // (the form listens from then on).
  const deferred = await locator.evaluate((el) => el.closest('.deferred-form') !== null)
  if (deferred) await locator.evaluate((el) => (el.closest('details:not([open])') ?? el).scrollIntoView({ block: 'center' }))
  const deadline = Date.now() + timeout
  for (;;) {
    const done = await locator.evaluate((el) => {
      const listens = (node) =>
        node !== null &&
        Object.keys(node).some((k) => {
          const v = node[k]
          return v !== null && typeof v === 'object' && Object.keys(v).some((name) => /^on[A-Z]/.test(name) && typeof v[name] === 'function')
        })
      // A deferred form's field or button: its form listens once its code runs.
      return listens(el) || listens(el.closest('form')) || (window.immoHydrated === true && el.closest('.deferred-form') === null)
    })
    if (done) return
    if (deferred) await locator.dispatchEvent('pointerover')
    if (Date.now() > deadline) throw new Error(`not hydrated after ${timeout} ms: ${await locator.evaluate((el) => el.outerHTML.slice(0, 200))}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Whether a context opened by openContext runs JavaScript. */
const scripted = new WeakMap()

/**
 * Opens a <details> (a form's disclosure) by its summary, as a visitor
 * does; a click that missed (the page still moving under the pointer while
 * pictures load, without JavaScript) is made again, as a visitor would.
 * The form renders only once opened (web/src/shared/forms FormDisclosure):
 * with JavaScript in place, once its code is there; without, the open
 * disclosure holds a link to the page with the form open, which the
 * visitor follows. Resolves once the form is there.
 */
export async function unfold(page, selector) {
  const details = page.locator(selector)
  for (let i = 0; i < 3 && (await details.getAttribute('open')) === null; i++) await details.locator('> summary').click()
  assert.notEqual(await details.getAttribute('open'), null, `${selector} opens`)
  if (scripted.get(page.context()) === false) {
    const link = details.locator('> .disclosure-open a')
    if (await link.count()) {
      await Promise.all([page.waitForURL(/[?&]open=/), link.click()])
      assert.notEqual(await details.getAttribute('open'), null, `${selector} is open on the page its link loads`)
    }
  }
  await details.locator('form').first().waitFor({ state: 'attached', timeout: slow(10_000) })
}

/**
 * Marks the current document (window.__marker = 1) and counts main-frame
 * document requests from now on; check() then fails if a full page load
 * happened since.
 */
export async function markDocument(page) {
  let loads = 0
  const onRequest = (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) loads++
  }
  page.on('request', onRequest)
  await page.evaluate(() => { window.__marker = 1 })
  return {
    async check(step) {
      const marker = await page.evaluate(() => window.__marker)
      assert.ok(marker === 1 && loads === 0, `${step}: the page was fully reloaded (window.__marker ${marker}, ${loads} document request(s)) instead of a client-side visit`)
    },
    dispose: () => page.off('request', onRequest),
  }
}

/** Polls until the locator's text contains every string, or fails with what it shows. */
export async function waitForText(locator, strings, step, timeout = 5_000) {
  const want = strings.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean)
  const deadline = Date.now() + timeout
  let text = ''
  for (;;) {
    text = ((await locator.innerText().catch(() => '')) || '').replace(/\s+/g, ' ')
    if (want.every((s) => text.includes(s))) return text
    if (Date.now() > deadline) break
    await new Promise((r) => setTimeout(r, 100))
  }
  const missing = want.filter((s) => !text.includes(s))
  assert.fail(`${step}: expected the page to show ${missing.map((s) => JSON.stringify(s)).join(', ')}; it shows: ${JSON.stringify(text.slice(0, 400))}`)
}
