// The owner's journey in Chromium, against the real binary: `immo owners
// invite` queues a mail with a password link; the link's page refuses two
// different passwords (nothing set) and takes a good one, which opens the
// portal with the owner's two properties and their visits; a visit of one
// property's page (another browser, a different User-Agent) shows as
// today's once the server writes its counts (every 10 s); the logout leads
// to the login, which says so, and closes the portal; a wrong password gets the owner message, the
// right one the portal, with JavaScript and without. A public page is the
// same for a logged-in owner as for anyone, and sets no cookie.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)

const TIMEOUT = slow(60_000)
const EMAIL = 'owner@example.be'
const PASSWORD = 'correct-horse-42'
const PROPERTIES = [4100001, 4100044]
const SESSION_COOKIE = 'immo_session' // internal/http/web/session.CookieName
// A desktop browser's User-Agent: Chromium's own says HeadlessChrome, which
// the visit counter takes for a robot (internal/http/web/pagevisits.go isBot).
const VISITOR_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
// How long the portal is polled for a visit: the server writes the counts
// every 10 s (app.VisitFlushInterval).
const VISIT_WAIT = slow(25_000)

const say = (key) => text('nl', 'account', key)

describe('owner portal', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  /** The owner's browser, with JavaScript; a refused post (422) is asked for. */
  let owner = null
  /** From the invite mail: the password link's path, each property's title and page path. */
  let link = ''
  const props = new Map()

  async function ownerContext() {
    await server.start()
    owner ??= await openContext(await browser.get(), server.origin, { expectedStatus: (_u, status) => status === 422 })
    return owner
  }

  /** Fails with the browser's problems (a refused post's console line apart), at page's address. */
  function assertClean(ctx, page, step) {
    const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)
    ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
    try {
      ctx.assertClean(step)
    } finally {
      ctx.problems.length = 0
    }
    const warnings = server.warnings().filter((w) => !/IMMO_SMTP_URL is not set/.test(w))
    assert.deepEqual(warnings, [], `${step} (at ${page.url()}): the server logged warnings`)
  }

  async function sessionCookie(ctx) {
    return (await ctx.context.cookies(server.origin)).find((c) => c.name === SESSION_COOKIE)
  }

  /** The portal's properties: id → {title, city, today}. */
  async function portal(page) {
    return page.locator('.owner-property').evaluateAll((lis) =>
      Object.fromEntries(lis.map((li) => [li.dataset.property, { title: li.querySelector('h2')?.textContent.trim(), city: li.querySelector('.owner-city')?.textContent.trim(), today: li.querySelector('.owner-visits dd')?.textContent.trim() }])),
    )
  }

  async function assertPortal(page, step, { js = true } = {}) {
    assert.equal(new URL(page.url()).pathname, '/nl/owner/', `${step}: not on the portal`)
    await page.locator('.owner-property').first().waitFor({ timeout: slow(10_000) })
    const shown = await portal(page)
    assert.deepEqual(Object.keys(shown).sort(), PROPERTIES.map(String), `${step}: the portal's properties`)
    // The mail names a property by its title and its city ("title – city").
    for (const [id, p] of props) assert.equal(`${shown[id].title} – ${shown[id].city}`, p.title, `${step}: the title of ${id}`)
    for (const label of ['today', 'week', 'month', 'total']) {
      assert.equal(await page.locator('.owner-property').first().locator('dt', { hasText: say(`portal.${label}`) }).count(), 1, `${step}: the ${label} count`)
    }
    // The last 30 days: a table of 30 rows under its caption, and uPlot's chart (drawn after hydration, hidden from screen
    // readers; none without JavaScript).
    for (const id of PROPERTIES) {
      const li = page.locator(`.owner-property[data-property="${id}"]`)
      assert.equal(await li.locator('.owner-figures table caption').textContent(), say('portal.chart'), `${step}: the table's caption of ${id}`)
      assert.equal(await li.locator('.owner-figures table tbody tr').count(), 30, `${step}: the table's days of ${id}`)
      if (js) await li.locator('.owner-chart-plot[aria-hidden="true"] canvas').waitFor({ state: 'attached', timeout: slow(10_000) })
      else assert.equal(await li.locator('.owner-chart-plot canvas').count(), 0, `${step}: a chart without JavaScript`)
    }
    return shown
  }

  async function login(page, password) {
    const form = page.locator('.account-page form[method="post"]')
    await form.locator('input[name="email"]').fill(EMAIL)
    await form.locator('input[name="password"]').fill(password)
    await Promise.all([page.waitForNavigation({ timeout: slow(10_000) }), form.locator('button[type="submit"]').click()])
  }

  it('invite: the mail has the password link and both properties', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const { stdout } = await run(binaryPath(), ['owners', 'invite', EMAIL, '--property', String(PROPERTIES[0]), '--property', String(PROPERTIES[1]), '--lang', 'nl', '--data-dir', server.dataDir, '--public-url', server.origin], { timeout: slow(20_000) })
    assert.match(stdout, /owner \d+ created: owner@example\.be \(nl\)/)
    const mail = await mailTo(server, EMAIL)
    const m = mail.match(/(\S+)(\/nl\/password\/\?token=[\w-]+)/)
    assert.ok(m, `no password link in the mail:\n${mail}`)
    assert.equal(m[1], server.origin, 'the link starts with the server address (--public-url)')
    link = m[2]
    for (const id of PROPERTIES) {
      const line = mail.match(new RegExp(`^${id}: (.+) <(\\S+)>$`, 'm'))
      assert.ok(line, `no line for ${id} in the mail:\n${mail}`)
      props.set(String(id), { title: line[1].trim(), path: new URL(line[2]).pathname })
    }
  })

  it('password link: a mismatch is refused, a good password opens the portal', { timeout: TIMEOUT, skip }, async () => {
    assert.ok(link, 'the invite test ran')
    const ctx = await ownerContext()
    const page = await ctx.context.newPage()
    try {
      await page.goto(server.url + link)
      await waitForHydration(page.locator('.account-page form button[type="submit"]'))
      const form = page.locator('.account-page form[method="post"]')
      await form.locator('input[name="password"]').fill(PASSWORD)
      await form.locator('input[name="passwordConfirm"]').fill(PASSWORD + 'x')
      await Promise.all([page.waitForNavigation({ timeout: slow(10_000) }), form.locator('button[type="submit"]').click()])
      const error = page.locator('.field-error')
      await error.first().waitFor({ timeout: slow(10_000) })
      assert.equal((await error.innerText()).trim(), text('nl', 'forms', 'error.passwordMatch'))
      assert.equal(await page.locator('.account-page input[name="passwordConfirm"]').getAttribute('aria-invalid'), 'true')
      assert.equal(await sessionCookie(ctx), undefined, 'a refused password starts no session')
      assertClean(ctx, page, 'mismatch')

      // Nothing set: the link still opens its form.
      await page.goto(server.url + link)
      await waitForHydration(page.locator('.account-page form button[type="submit"]'))
      assert.equal(await page.locator('.account-page input[name="passwordConfirm"]').count(), 1, 'the link still works after the mismatch')
      await page.locator('.account-page input[name="password"]').fill(PASSWORD)
      await page.locator('.account-page input[name="passwordConfirm"]').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/nl/owner/', { timeout: slow(10_000) }), page.locator('.account-page form button[type="submit"]').click()])
      const shown = await assertPortal(page, 'after the password')
      for (const id of PROPERTIES) assert.equal(shown[id].today, '0', `no visit of ${id} yet`)
      const cookie = await sessionCookie(ctx)
      assert.ok(cookie, 'the password starts a session')
      assert.ok(cookie.httpOnly, 'the session cookie is HttpOnly')
      assertClean(ctx, page, 'password')

      // The link works once.
      await page.goto(server.url + link)
      await waitForText(page.locator('#app'), [say('password.unknown')], 'a used link')
      assert.equal(await page.locator('.account-page input[name="passwordConfirm"]').count(), 0)
      ctx.problems.length = 0 // the used link's page may be a 404
    } finally {
      await page.close()
    }
  })

  it('a public page is the same for the owner as for anyone, and sets no cookie', { timeout: TIMEOUT, skip }, async () => {
    const ctx = await ownerContext()
    const cookie = await sessionCookie(ctx)
    assert.ok(cookie, 'logged in')
    const blank = (html) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'")
    const get = async (headers) => {
      const res = await fetch(server.url + '/nl/', { headers: { Accept: 'text/html', 'User-Agent': VISITOR_UA, ...headers } })
      return { status: res.status, setCookie: res.headers.get('set-cookie'), html: blank(await res.text()) }
    }
    const anyone = await get({})
    const theOwner = await get({ Cookie: `${SESSION_COOKIE}=${cookie.value}` })
    assert.equal(theOwner.status, 200)
    assert.equal(theOwner.setCookie, null, 'a public page sets no cookie for a logged-in owner')
    assert.equal(anyone.setCookie, null, 'a public page sets no cookie')
    assert.ok(theOwner.html === anyone.html, 'the public page differs with the session cookie')
  })

  it("a visit of a property's page shows as today's in the portal", { timeout: TIMEOUT, skip }, async () => {
    const ctx = await ownerContext()
    const [id, prop] = [...props][0]
    const visitor = await browser.get().then((b) => b.newContext({ userAgent: VISITOR_UA, locale: 'nl-BE' }))
    try {
      const vp = await visitor.newPage()
      const res = await vp.goto(server.url + prop.path)
      assert.equal(res.status(), 200, `the page of ${id}`)
    } finally {
      await visitor.close()
    }
    const page = await ctx.context.newPage()
    try {
      await page.goto(server.url + '/nl/owner/')
      const deadline = Date.now() + VISIT_WAIT
      let shown = await assertPortal(page, 'portal')
      while (shown[id].today !== '1' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1_000))
        await page.reload()
        shown = await assertPortal(page, 'portal reloaded')
      }
      assert.equal(shown[id].today, '1', `the visit of ${id} today, after ${VISIT_WAIT / 1000} s`)
      const other = PROPERTIES.map(String).find((p) => p !== id)
      assert.equal(shown[other].today, '0', `no visit of ${other}`)
      assertClean(ctx, page, 'visits')
    } finally {
      await page.close()
    }
  })

  it('the portal shows where the visits came from, the matching demands and a request about the property', { timeout: TIMEOUT, skip }, async () => {
    const ctx = await ownerContext()
    const [id, prop] = [...props][0]
    // Two more visitors (another browser each: one visitor is counted once a day), from a search engine and a portal.
    for (const [n, referer] of [
      ['129', 'https://www.google.be/'],
      ['130', 'https://www.immoweb.be/'],
    ]) {
      const visitor = await browser.get().then((b) => b.newContext({ userAgent: VISITOR_UA.replace('128.0', `${n}.0`), locale: 'nl-BE' }))
      try {
        const res = await (await visitor.newPage()).goto(server.url + prop.path, { referer })
        assert.equal(res.status(), 200, `the page of ${id} from ${referer}`)
      } finally {
        await visitor.close()
      }
    }
    // An information request about the property, posted as a browser without JavaScript would.
    const body = new URLSearchParams({ form: 'contact-me', title: 'ms', firstName: 'Marie', lastName: 'Dubois', email: 'marie@example.be', phone: '0471 23 45 67', remark: 'Is the garden south-facing? Call 0471 23 45 67' })
    const posted = await fetch(server.url + prop.path, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': VISITOR_UA }, body })
    assert.equal(posted.status, 303, 'the request is taken')

    const page = await ctx.context.newPage()
    try {
      const li = page.locator(`.owner-property[data-property="${id}"]`)
      const sources = async () =>
        Object.fromEntries(await li.locator('.owner-sources tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.source, tr.querySelector('td')?.textContent])))
      const deadline = Date.now() + VISIT_WAIT
      await page.goto(server.url + '/nl/owner/')
      let shown = await sources()
      while ((shown.search !== '1' || shown.portal !== '1') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1_000))
        await page.reload()
        shown = await sources()
      }
      assert.deepEqual(shown, { direct: '1', search: '1', portal: '1' }, 'the visits by source: the first visit direct, then Google and Immoweb')
      assert.equal(await li.locator('.owner-sources caption').textContent(), say('portal.sourcesCaption'))
      assert.equal(await li.locator('.owner-sources th[scope="row"]').first().textContent(), say('portal.sourceNames.direct'))
      // The matching demands: counts under their names (none registered in this test).
      assert.equal(await li.locator('.owner-demands h3').textContent(), say('portal.demands'))
      assert.equal(await li.locator('.owner-demands dd').count(), 6, 'the matching count and its reasons')
      // The history: one row, the visitor named by first name and initial, the phone number masked.
      const table = li.locator('.owner-history table')
      assert.equal(await table.locator('caption').textContent(), say('portal.historyCaption'))
      assert.deepEqual(await table.locator('thead th').allTextContents(), ['date', 'type', 'contact', 'subject', 'comment', 'status'].map((c) => say(`portal.${c}`)))
      const cells = await table.locator('tbody tr').first().locator('td').allTextContents()
      assert.deepEqual(cells.slice(1), [say('portal.kinds.contact-me'), 'Marie D.', say('portal.subjects.contact-me'), 'Is the garden south-facing? Call …', say('portal.statuses.received')])
      assert.match(cells[0], /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      const html = await page.content()
      assert.ok(!html.includes('marie@example.be') && !html.includes('Dubois') && !html.includes('0471'), 'the requester is private')
      // No ID to change: the page posts its logout and the weekly report's switch, no property, and an address naming
      // another property shows the same own ones.
      assert.equal(await page.locator('.owner-page form').count(), 2, 'two forms: the logout and the weekly report')
      assert.deepEqual(await page.locator('.owner-page form :is(input, select, textarea)').evaluateAll((els) => els.map((e) => e.name)), ['report'],
        'the portal posts no property')
      // The weekly report: off, then on again.
      await Promise.all([page.waitForURL((u) => u.search === '?done=report-off'), page.getByRole('button', { name: say('portal.reportStop') }).click()])
      await waitForText(page.locator('.owner-notice'), [say('portal.reportOff')], 'the report stopped')
      await Promise.all([page.waitForURL((u) => u.search === '?done=report-on'), page.getByRole('button', { name: say('portal.reportStart') }).click()])
      await waitForText(page.locator('.owner-notice'), [say('portal.reportOn')], 'the report on again')
      await page.goto(server.url + '/nl/owner/?property=4100003&id=4100003')
      const other = await portal(page)
      assert.deepEqual(Object.keys(other).sort(), PROPERTIES.map(String), 'another property by address: only the own ones')
      assertClean(ctx, page, 'portal details')
    } finally {
      await page.close()
    }
  })

  it('logout leads to the login, which says so, and closes the portal; a wrong password gets the owner message, the right one the portal', { timeout: TIMEOUT, skip }, async () => {
    const ctx = await ownerContext()
    const page = await ctx.context.newPage()
    try {
      await page.goto(server.url + '/nl/owner/')
      await assertPortal(page, 'portal')
      const logout = page.getByRole('button', { name: say('portal.logout') })
      await waitForHydration(logout)
      await Promise.all([page.waitForURL((u) => u.pathname === '/nl/login/', { timeout: slow(10_000) }), logout.click()])
      await waitForText(page.locator('.owner-notice'), [say('portal.loggedOut')], 'the logout said')
      assert.equal(await sessionCookie(ctx), undefined, 'the logout ends the session cookie')

      await page.goto(server.url + '/nl/owner/')
      assert.equal(new URL(page.url()).pathname, '/nl/login/', 'the portal sends a stranger to the login')
      await waitForHydration(page.locator('.account-page form button[type="submit"]'))

      await login(page, PASSWORD + 'x')
      const error = page.locator('.account-error')
      await error.waitFor({ timeout: slow(10_000) })
      assert.equal((await error.innerText()).trim(), say('error.login'))
      assert.equal(await page.locator('.account-page input[name="email"]').inputValue(), EMAIL, 'the address is kept')
      assert.equal(await sessionCookie(ctx), undefined, 'a wrong password starts no session')

      await waitForHydration(page.locator('.account-page form button[type="submit"]'))
      await login(page, PASSWORD)
      await assertPortal(page, 'login')
      assertClean(ctx, page, 'login')
    } finally {
      await page.close()
    }
  })

  it('without JavaScript the login form posts and reaches the portal', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin, { javaScriptEnabled: false })
    const page = await ctx.context.newPage()
    try {
      await page.goto(server.url + '/nl/owner/')
      assert.equal(new URL(page.url()).pathname, '/nl/login/')
      await login(page, PASSWORD)
      await assertPortal(page, 'login without JavaScript', { js: false })
      assert.ok(await sessionCookie(ctx), 'the login starts a session')
      assertClean(ctx, page, 'login without JavaScript')
    } finally {
      await page.close()
      await ctx.close()
    }
  })

  it('closes the browsers', { skip }, async () => {
    await owner?.close()
  })
})
