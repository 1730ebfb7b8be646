// The first visitor forms in Chromium, against the real binary: the site
// contact form of the contact page (fr, nl) and the information request of
// the property page (en, de; and fr without JavaScript). A failed submit
// shows the fields in red and the summary and keeps what was typed; a good
// one (the ALTCHA widget solved in the browser, against the binary's own
// challenges) lands on the form's thank-you page, and `immo mail` then lists
// the mails the request queued (no SMTP server: they wait in the queue).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { formTests } from '../lib/formtest.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(60_000)

const CONTACT = { fr: '/fr/contact/', nl: '/nl/contact/' }
const CONTACT_THANKS = { fr: '/fr/merci/service-personnalise/', nl: '/nl/feedback/site-contact/' }
const PROPERTY = (lang) => `/${lang}/property/4100001/`
const INFO_THANKS = { fr: '/fr/merci/contact-me/', en: '/en/feedback/contact-me/', de: '/de/feedback/contact-me/' }

// Where each form is on its page (the views' markup: web/src/features/content, property).
const CONTACT_FORM = '.module-contact form'
const INFO_FORM = '#contact form'

const run = promisify(execFile)

describe('visitor forms', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let accepted = 0 // good submits, each queueing mails

  /** A fresh page, with JavaScript or not; a refused post (422) is expected, not a problem. */
  const test = formTests({ server, browser, skip, timeout: TIMEOUT })

  /**
   * Sends the form and waits for the thank-you page at path. Without
   * JavaScript the browser keeps the action's #contact across the 303 (a
   * Location without a fragment inherits it): only the path counts.
   */
  async function sendTo(page, form, path) {
    await Promise.all([page.waitForURL((u) => u.pathname === path, { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
  }

  /** Fills every field a person gives (the remark too), ticking what can be ticked. */
  async function fill(form, { remark = 'Pourriez-vous me rappeler ?', time = false } = {}) {
    await form.locator('input[name="title"][value="ms"]').check()
    await form.locator('input[name="firstName"]').fill('Anne')
    await form.locator('input[name="lastName"]').fill('Dupont')
    await form.locator('input[name="email"]').fill('anne.dupont@example.be')
    await form.locator('input[name="phone"]').fill('0471 23 45 67')
    await form.locator('textarea[name="remark"]').fill(remark)
    if (time) {
      await form.locator('select[name="contactTime"]').selectOption('evening')
      await form.locator('input[name="newsletter"]').check()
    }
  }

  /** Waits until the ALTCHA widget of the form at selector has solved its challenge (it starts when a field takes the focus). */
  async function solved(page, selector) {
    const form = page.locator(selector)
    await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
    await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
    await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, selector, { timeout: slow(20_000) })
  }

  /** A failed submit: the summary (focused), the empty required fields in red, the typed value kept. */
  async function assertRefused(page, form, lang) {
    const summary = form.locator('.vf-summary')
    await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
    assert.match(await summary.innerText(), new RegExp(text(lang, 'forms', 'error.summary').replace(/[.?]/g, '\\$&')))
    assert.equal(await form.locator('input[name="lastName"]').getAttribute('aria-invalid'), 'true', 'last name in red')
    assert.equal(await form.locator('input[name="email"]').getAttribute('aria-invalid'), 'true', 'email in red')
    const describedBy = await form.locator('input[name="lastName"]').getAttribute('aria-describedby')
    assert.ok(describedBy, 'the error is tied to its field')
    assert.equal((await page.locator(`[id="${describedBy}"]`).innerText()).trim(), text(lang, 'forms', 'error.required'))
    assert.equal(await form.locator('input[name="firstName"]').inputValue(), 'Anne', 'what was typed is kept')
    assert.notEqual(await form.locator('input[name="firstName"]').getAttribute('aria-invalid'), 'true')
  }

  for (const lang of ['fr', 'nl']) {
    test(`${lang}: the site contact form, refused then sent`, {}, async (page) => {
      const res = await page.goto(server.url + CONTACT[lang])
      assert.equal(res.status(), 200)
      const form = page.locator(CONTACT_FORM)
      await waitForHydration(form)
      assert.equal(await form.getAttribute('action'), `${CONTACT[lang]}#contact`)
      await form.locator('input[name="firstName"]').fill('Anne')
      await form.locator('button[type="submit"]').click()
      await assertRefused(page, form, lang)
      // The browser's own check: the focus goes to the first field in red (the title).
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'title', 'the focus is on the first error')

      await fill(form)
      await solved(page, CONTACT_FORM)
      await sendTo(page, form, CONTACT_THANKS[lang])
      accepted++
      await waitForText(page.locator('main h1'), [text(lang, 'thankYou', 'title')], 'the thank-you page')
    })
  }

  test('nl: the widget\'s code comes after the last field was typed: the proof is solved before the send', {}, async (page) => {
    // Held until the visitor has typed everything: the widget then sees no focus of its own to start on.
    let release = () => {}
    const released = new Promise((resolve) => (release = resolve))
    await page.route(/\/assets\/widget-[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto(server.url + CONTACT.nl)
    const form = page.locator(CONTACT_FORM)
    await waitForHydration(form)
    await fill(form)
    release()
    await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
    await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, CONTACT_FORM, { timeout: slow(20_000) })
    await sendTo(page, form, CONTACT_THANKS.nl)
    accepted++
  })

  for (const lang of ['en', 'de']) {
    test(`${lang}: the information request, reached from "Request information", refused then sent`, {}, async (page) => {
      const res = await page.goto(server.url + PROPERTY(lang))
      assert.equal(res.status(), 200)
      const form = page.locator(INFO_FORM)
      await waitForHydration(form)
      await page.locator('.contact-box a[href="#contact"]').click()
      await page.waitForFunction(() => location.hash === '#contact')
      assert.ok(await form.isVisible())
      assert.equal(await form.locator('[name="propertyId"]').count(), 0, 'the server takes the property from the page')
      await form.locator('input[name="firstName"]').fill('Anne')
      await form.locator('button[type="submit"]').click()
      await assertRefused(page, form, lang)

      await fill(form, { remark: 'Is there a garden?', time: true })
      await solved(page, INFO_FORM)
      await sendTo(page, form, INFO_THANKS[lang])
      accepted++
      await waitForText(page.locator('main h1'), [text(lang, 'thankYou', 'title')], 'the thank-you page')
    })
  }

  test('fr without JavaScript: the information request, refused by the server then sent', { js: false }, async (page) => {
    const res = await page.goto(server.url + PROPERTY('fr'))
    assert.equal(res.status(), 200)
    const url = new URL(page.url())
    const form = page.locator(INFO_FORM)
    assert.equal(await form.getAttribute('action'), `${url.pathname}${url.search}#contact`)
    assert.equal(await form.locator('altcha-widget').count(), 0, 'no widget without JavaScript')
    await form.locator('input[name="firstName"]').fill('Anne')
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST', { timeout: slow(10_000) }),
      form.locator('button[type="submit"]').click(),
    ])
    assert.equal(refused.status(), 422)
    await page.waitForLoadState('domcontentloaded')
    assert.equal(new URL(page.url()).hash, '#contact', 'the page comes back at the form')
    await assertRefused(page, page.locator(INFO_FORM), 'fr')

    await fill(page.locator(INFO_FORM), { time: true })
    await sendTo(page, page.locator(INFO_FORM), INFO_THANKS.fr)
    accepted++
    await waitForText(page.locator('main h1'), [text('fr', 'thankYou', 'title')], 'the thank-you page')
  })

  it('the binary queued the mails of every request sent (immo mail)', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    assert.ok(accepted > 0, 'no request was sent by the tests above')
    const { stdout } = await run(binaryPath(), ['mail', '--data-dir', server.dataDir, '--limit', '1000'], { timeout: slow(20_000) })
    assert.doesNotMatch(stdout, /^no mails/m)
    const rows = stdout.trim().split('\n').slice(1)
    // Each request mails the agency and confirms to the visitor.
    assert.ok(rows.length >= accepted, `expected at least ${accepted} mails, immo mail lists:\n${stdout}`)
    assert.ok(rows.some((r) => r.includes('anne.dupont@example.be')), `a confirmation to the visitor:\n${stdout}`)
  })
})
