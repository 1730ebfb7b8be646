// The demand registrant's journey in Chromium, against the real binary:
// register a search by clicking zones on the map (fr, JavaScript), confirm
// it by the mailed link (read with `immo mail --text`), find it in the area
// (the header's login link, an edit, a logout), a forgotten password through
// the mail, and an import that brings a matching listing: the alert mail,
// whose unsubscribe link pauses the search in one click. A second visitor
// registers by keyboard with the zones' checkboxes (de), and a third without
// JavaScript (nl).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { text } from '../lib/texts.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(90_000)
const FORM = '#demand form'
const EMAIL = 'ann.registrant@example.be'
const PASSWORD = 'ann-searches-a-house'
const NEW_PASSWORD = 'ann-found-a-new-one'
const say = (lang, key) => text(lang, 'registrant', key)
const CATALOG = fileURLToPath(new URL('../../internal/adapter/demo/catalog.json', import.meta.url))

/** Fills what a registrant types but the zones; the caller chooses the zones. */
async function fillRegistration(form, email) {
  await form.locator('input[name="purpose"][value="buy"]').check()
  await form.locator('input[name="types"][value="1"]').check()
  await form.locator('input[name="priceMax"]').fill('600000')
  await form.locator('input[name="title"][value="ms"]').check()
  await form.locator('input[name="firstName"]').fill('Ann')
  await form.locator('input[name="lastName"]').fill('Peeters')
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="phone"]').fill('0471 23 45 67')
  await form.locator('input[name="contactTime"][value="evening"]').check()
  await form.locator('input[name="password"]').fill(PASSWORD)
  await form.locator('input[name="passwordConfirm"]').fill(PASSWORD)
}

/** Waits for the ALTCHA proof, then submits and waits for the thank-you page. */
async function submit(page, form, thanks) {
  await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
  await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
  await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, FORM, { timeout: slow(20_000) })
  await Promise.all([page.waitForURL((u) => u.pathname === thanks, { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
}

describe('demand registrant', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []
  let ctx = null
  let confirm = ''

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  async function context(options = {}) {
    await server.start()
    const c = await openContext(await browser.get(), server.origin, { expectedStatus: (_u, status) => status === 422 || status === 404, ...options })
    contexts.push(c)
    return c
  }

  function clean(c, step) {
    const refused = (p) => /console error: Failed to load resource: .* status of (422|404)\b/.test(p)
    c.problems.splice(0, c.problems.length, ...c.problems.filter((p) => !refused(p)))
    c.assertClean(step)
    const warnings = server.warnings().filter((w) => !/IMMO_SMTP_URL is not set/.test(w))
    assert.deepEqual(warnings, [], `${step}: the server logged warnings`)
  }

  it('fr: a zone clicked on the map is ticked in the list; refused without a zone, then registered', { timeout: TIMEOUT, skip }, async () => {
    ctx = await context()
    const page = await ctx.context.newPage()
    try {
      const res = await page.goto(server.url + '/fr/recherche/')
      assert.equal(res.status(), 200)
      assert.equal(res.headers()['set-cookie'], undefined, 'the register sets no cookie')
      const form = page.locator(FORM)
      await waitForHydration(form)
      await fillRegistration(form, EMAIL)
      // No zone: the browser says so, in the field's words.
      await form.locator('button[type="submit"]').click()
      const zones = form.locator('fieldset:has(input[name="zones"])')
      await waitForText(zones.locator('.vf-error'), [text('fr', 'forms', 'error.zones')], 'the zones refused')

      // The map's polygons tick the boxes: the first polygon, then again (off), then on.
      const polygons = page.locator('.zone-map path.leaflet-interactive')
      await polygons.first().waitFor({ timeout: slow(10_000) })
      // The map may draw its layer again as the form settles (a CI run counted between the two): wait for a whole one.
      const zoneCount = await form.locator('input[name="zones"]').count()
      for (const deadline = Date.now() + slow(10_000); (await polygons.count()) !== zoneCount && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 100))
      }
      assert.equal(await polygons.count(), zoneCount, 'a polygon per zone')
      // Hidden from assistive technology, the map takes no tab stop (the list is the keyboard's way).
      const stops = await page.locator('.zone-map').evaluate((map) =>
        [map, ...map.querySelectorAll('*')].filter((e) => e.tabIndex >= 0 && !e.closest('[hidden]')).map((e) => e.outerHTML.slice(0, 80)))
      assert.deepEqual(stops, [], 'tab stops inside the aria-hidden map')
      const ticked = () => form.locator('input[name="zones"]:checked').evaluateAll((els) => els.map((e) => e.value))
      const opacity = () => polygons.first().getAttribute('fill-opacity')
      const before = await opacity()
      await polygons.first().click({ force: true })
      const one = await ticked()
      assert.equal(one.length, 1, `one zone ticked by the map: ${one}`)
      assert.notEqual(await opacity(), before, 'the chosen polygon is drawn chosen')
      await polygons.first().click({ force: true })
      assert.deepEqual(await ticked(), [], 'clicked again: unticked')
      await polygons.first().click({ force: true })
      // The box ticked by keyboard shows on the map too.
      assert.deepEqual(await ticked(), one)
      await submit(page, form, '/fr/merci/demand-register/')
      clean(ctx, 'registered')
    } finally {
      await page.close()
    }
    const mail = await mailTo(server, EMAIL)
    const m = mail.match(/https?:\/\/[^\s]+(\/fr\/account\/confirm\/\?token=[\w-]+)/)
    assert.ok(m, `no confirmation link in the mail:\n${mail}`)
    assert.ok(!mail.includes(PASSWORD), 'the mail carries no password')
    confirm = m[1]
  })

  it('the link confirms the search and opens the area; edit, logout, login by the header', { timeout: TIMEOUT, skip }, async () => {
    assert.ok(confirm, 'the registration ran')
    const page = await ctx.context.newPage()
    try {
      await page.goto(server.url + confirm)
      // A first confirmation chooses the account's password: whoever holds the mailbox does.
      await waitForText(page.locator('main h1'), [say('fr', 'confirm.titleNew')], 'the confirmation page')
      await page.locator('main form input[name="password"]').fill(PASSWORD)
      await page.locator('main form input[name="passwordConfirm"]').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/fr/account/', { timeout: slow(10_000) }), page.locator('main form button[type="submit"]').click()])
      await waitForText(page.locator('.registrant-notice'), [say('fr', 'notice.confirmed')], 'confirmed')
      assert.equal(await page.locator('.registrant-demand').count(), 1)
      const cookie = (await ctx.context.cookies(server.origin)).find((c) => c.name === 'immo_session')
      assert.ok(cookie?.httpOnly, 'a session after confirming')

      // Edit: the maximum price.
      const demand = page.locator('.registrant-demand').first()
      await demand.locator('.registrant-edit > summary').click()
      await demand.locator('input[name="priceMax"]').fill('700000')
      await Promise.all([page.waitForURL((u) => u.search.includes('done=saved'), { timeout: slow(10_000) }), demand.locator('form:has(input[name="action"][value="edit"]) button[type="submit"]').click()])
      await waitForText(page.locator('.registrant-demand h3').first(), ['700.000'], 'the edited search')

      // Logged in, the cached home page's header leads to the area ("My account").
      await page.goto(server.url + '/fr/')
      await waitForText(page.locator('.topbar .topbar-login'), [text('fr', 'layout', 'account')], 'the header knows who is logged in')
      await page.goto(server.url + '/fr/account/')
      // Logout: the login page says so; the header's link is "Log in" again.
      await Promise.all([page.waitForURL((u) => u.pathname === '/fr/account/login/', { timeout: slow(10_000) }), page.locator('form:has(input[value="logout"]) button').click()])
      await waitForText(page.locator('main'), [say('fr', 'notice.loggedOut')], 'the logout said')
      await page.goto(server.url + '/fr/')
      // On a wide screen the login link is the top bar's (in the drawer on a phone).
      await waitForText(page.locator('.topbar .topbar-login'), [text('fr', 'layout', 'login')], 'logged out, the header says log in')
      await page.locator('.topbar .topbar-login').click()
      await page.waitForURL((u) => u.pathname === '/fr/account/login/')
      const login = page.locator('main form[method="post"]')
      await login.locator('input[name="email"]').fill(EMAIL)
      await login.locator('input[name="password"]').fill('not the password')
      await Promise.all([page.waitForNavigation(), login.locator('button[type="submit"]').click()])
      await waitForText(page.locator('.registrant-error'), [text('fr', 'forms', 'error.login')], 'a wrong password')
      await page.locator('main form[method="post"] input[name="email"]').fill(EMAIL)
      await page.locator('main form[method="post"] input[name="password"]').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/fr/account/'), page.locator('main form[method="post"] button[type="submit"]').click()])
      assert.equal(await page.locator('.registrant-demand').count(), 1)
      clean(ctx, 'area')
    } finally {
      await page.close()
    }
  })

  it('forgotten password: the mailed link sets a new one, once', { timeout: TIMEOUT, skip }, async () => {
    const c = await context()
    const page = await c.context.newPage()
    try {
      await page.goto(server.url + '/fr/account/forgot-password/')
      await page.locator('main input[name="email"]').fill(EMAIL)
      await Promise.all([page.waitForURL((u) => u.search === '?sent'), page.locator('main form button[type="submit"]').click()])
      await waitForText(page.locator('main'), [say('fr', 'forgot.sent')], 'sent')
      // The link's mail is written by a job the form queued (its answer says nothing of the address).
      const link = /https?:\/\/[^\s]+(\/fr\/account\/reset-password\/\?token=[\w-]+)/
      let mail = ''
      for (const deadline = Date.now() + slow(10_000); ; await new Promise((r) => setTimeout(r, 200))) {
        mail = await mailTo(server, EMAIL) // each read runs `immo mail`: a pause between them spares the machine
        if (link.test(mail) || Date.now() >= deadline) break
      }
      const m = mail.match(link)
      assert.ok(m, `no reset link in the newest mail:\n${mail}`)
      await page.goto(server.url + m[1])
      await page.locator('main input[name="password"]').fill(NEW_PASSWORD)
      await page.locator('main input[name="passwordConfirm"]').fill(NEW_PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/fr/account/'), page.locator('main form button[type="submit"]').click()])
      await waitForText(page.locator('.registrant-notice'), [say('fr', 'notice.password')], 'the password changed')
      const again = await page.goto(server.url + m[1])
      assert.equal(again.status(), 404, 'the link works once')
      clean(c, 'reset')
    } finally {
      await page.close()
    }
  })

  it('an import bringing a matching listing mails the alert; its link pauses the search in one click', { timeout: TIMEOUT, skip }, async () => {
    const catalog = JSON.parse(await readFile(CATALOG, 'utf8'))
    const model = catalog.properties.find((p) => p.ID === 4100001)
    const listing = { ...model, ID: 4100999, Price: 550000, DateCreated: new Date().toISOString().replace(/\.\d+Z$/, 'Z') }
    catalog.properties.push(listing)
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'immo-import-')), 'catalog.json')
    await writeFile(file, JSON.stringify(catalog))
    await run(binaryPath(), ['import', '--data-dir', server.dataDir, file], { timeout: slow(30_000) })
    // The server notices the new version (every 2 s), scans it, and queues the alert.
    let mail = ''
    const deadline = Date.now() + slow(30_000)
    while (Date.now() < deadline) {
      mail = await mailTo(server, EMAIL).catch(() => '')
      if (mail.includes('4100999') || mail.includes('unsubscribe')) break
      await new Promise((r) => setTimeout(r, 1_000))
    }
    const link = mail.match(/https?:\/\/[^\s]+(\/fr\/unsubscribe\/\?token=[\w-]+)/)
    assert.ok(link, `no alert with an unsubscribe link:\n${mail}`)
    const c = await context()
    const page = await c.context.newPage()
    try {
      await page.goto(server.url + link[1])
      await Promise.all([page.waitForNavigation(), page.locator('main form button[type="submit"]').click()])
      await waitForText(page.locator('main'), [text('fr', 'newsletter', 'optout.alertDone')], 'the alerts stopped')
      clean(c, 'unsubscribed')
    } finally {
      await page.close()
    }
  })

  it('de: registered by keyboard with the zones’ checkboxes', { timeout: TIMEOUT, skip }, async () => {
    const c = await context()
    const page = await c.context.newPage()
    try {
      await page.goto(server.url + '/de/demand-register/')
      const form = page.locator(FORM)
      await waitForHydration(form)
      await fillRegistration(form, 'bob.keyboard@example.be')
      const box = form.locator('input[name="zones"][value="luxembourg-ville"]')
      await box.focus()
      await page.keyboard.press('Space')
      assert.equal(await box.isChecked(), true, 'Space ticks the zone')
      await submit(page, form, '/de/feedback/demand-register/')
      clean(c, 'keyboard')
    } finally {
      await page.close()
    }
    assert.match(await mailTo(server, 'bob.keyboard@example.be'), /\/de\/account\/confirm\/\?token=/)
  })

  it('nl: registered without JavaScript; a refusal keeps what was typed', { timeout: TIMEOUT, skip }, async () => {
    const c = await context({ javaScriptEnabled: false })
    const page = await c.context.newPage()
    try {
      await page.goto(server.url + '/nl/demand-register/')
      const form = page.locator(FORM)
      await fillRegistration(form, 'cor.nojs@example.be')
      await form.locator('input[name="passwordConfirm"]').fill('something else entirely')
      await form.locator('input[name="zones"][value="arlon"]').check()
      await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()])
      await waitForText(page.locator(FORM), [text('nl', 'forms', 'error.passwordMatch')], 'passwords differ')
      assert.equal(await page.locator(`${FORM} input[name="zones"][value="arlon"]`).isChecked(), true, 'the zone stays ticked')
      await page.locator(`${FORM} input[name="password"]`).fill(PASSWORD)
      await page.locator(`${FORM} input[name="passwordConfirm"]`).fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/nl/feedback/demand-register/'), page.locator(`${FORM} button[type="submit"]`).click()])
      clean(c, 'no JavaScript')
    } finally {
      await page.close()
    }
  })
})
