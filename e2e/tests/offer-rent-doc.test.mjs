// The property page's document request, purchase offer and rent
// application in Chromium against the real binary, each in two languages,
// with JavaScript and without. A failed submit shows the fields in red and
// the summary and keeps what was typed (the server's own rules too: an
// offer of nothing, an income under the agency's minimum); a good one lands
// on its thank-you page. A document asked for twice with the same address
// is answered as the first was, and nothing is sent again.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { assertAccessible } from '../lib/axe.mjs'
import { needsChromium, unfold, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { formTests } from '../lib/formtest.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(90_000)

const SALE = (lang) => `/${lang}/property/4100001/` // for sale, three documents, 315 000 €
const RENT = (lang) => `/${lang}/property/4100044/` // for rent, two documents, 700 € a month
// French thank-you slugs (internal/http/web/route/thankyou.go).
const FR = { 'document-request': 'demande-de-document', 'purchase-offer': 'offre-d-achat', 'rent-application': 'candidature-locataire' }
const THANKS = (lang, form) => (lang === 'fr' ? `/fr/merci/${FR[form]}/` : `/${lang}/feedback/${form}/`)

const DOCUMENT_FORM = '#document-request form'
const OFFER_FORM = '#purchase-offer form'
const RENT_FORM = '#rent-application form'

const run = promisify(execFile)

/** A day from today, as a date input takes it. */
function inDays(n) {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
}

/** A small real PDF, and a file that only says it is one. */
const PDF = { name: 'cv-anne.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') }
const FAKE_PDF = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 this is no PDF') }

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('document request, purchase offer, rent application', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let accepted = 0

  const test = formTests({ server, browser, skip, timeout: TIMEOUT })

  async function person(form, { lastName = 'Dupont', email = 'anne.dupont@example.be' } = {}) {
    await form.locator('input[name="title"][value="ms"]').check()
    await form.locator('input[name="firstName"]').fill('Anne')
    await form.locator('input[name="lastName"]').fill(lastName)
    await form.locator('input[name="email"]').fill(email)
    await form.locator('input[name="phone"]').fill('0471 23 45 67')
  }

  async function solved(page, selector) {
    const form = page.locator(selector)
    await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
    await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
    await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, selector, { timeout: slow(20_000) })
  }

  /** Sends the form; without JavaScript, checks the server answered 422 or 303 as asked. */
  async function submit(page, form) {
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST', { timeout: slow(15_000) }),
      form.locator('button[type="submit"]').click(),
    ])
    return res
  }

  async function sendTo(page, form, path) {
    await Promise.all([page.waitForURL((u) => u.pathname === path, { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
  }

  /** The summary shows, field name is in red with message (a key of file), value is kept in kept. */
  async function assertRefused(page, form, lang, name, file, key, kept) {
    const summary = form.locator('.vf-summary')
    await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
    assert.match(await summary.innerText(), new RegExp(escape(text(lang, 'forms', 'error.summary'))))
    const field = form.locator(`[name="${name}"]`).first()
    assert.equal(await field.getAttribute('aria-invalid'), 'true', `${name} in red`)
    // The error's id among those that describe the field (a file field's hint comes first).
    const describedBy = (await field.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'))
    assert.ok(describedBy, 'the error is tied to its field')
    assert.equal((await page.locator(`[id="${describedBy}"]`).innerText()).trim(), text(lang, file, key))
    for (const [n, v] of Object.entries(kept)) assert.equal(await form.locator(`[name="${n}"]`).first().inputValue(), v, `${n} kept`)
  }

  async function thanked(page, lang, form) {
    await waitForText(page.locator('main h1'), [text(lang, 'thankYou', 'title')], 'the thank-you page')
    await waitForText(page.locator('.thank-you-card'), [text(lang, 'offer', `thankYou.${form}`)], 'the thank-you message')
  }

  test('en: a document chosen from the list, refused, sent, asked again, then another', {}, async (page) => {
    assert.equal((await page.goto(server.url + SALE('en'))).status(), 200)
    const form = page.locator(DOCUMENT_FORM)
    await waitForHydration(page.locator('#contact form'))
    assert.equal(await form.isVisible(), false, 'closed until asked for')
    const links = page.locator('.documents a.document-request')
    assert.equal(await links.count(), 3)
    await links.nth(1).click() // "Floor plans"
    await form.waitFor({ state: 'visible', timeout: slow(5_000) })
    assert.equal(await form.locator('select[name="document"]').inputValue(), '7100002', 'the document chosen in the list')
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'document')

    await form.locator('input[name="firstName"]').fill('Anne')
    await form.locator('button[type="submit"]').click()
    await assertRefused(page, form, 'en', 'lastName', 'forms', 'error.required', { firstName: 'Anne', document: '7100002' })

    await person(form)
    await solved(page, DOCUMENT_FORM)
    await sendTo(page, form, THANKS('en', 'document-request'))
    accepted++
    await thanked(page, 'en', 'document-request')

    // The same document again, the same address in capitals: answered as the
    // first was (whoever types an address learns nothing of what its owner
    // asked for), nothing kept or mailed again (not counted in accepted).
    assert.equal((await page.goto(server.url + SALE('en'))).status(), 200)
    await waitForHydration(page.locator('#contact form'))
    await unfold(page, '#document-request')
    await form.locator('select[name="document"]').selectOption('7100002')
    await person(form, { email: 'Anne.Dupont@example.be' })
    await solved(page, DOCUMENT_FORM)
    await sendTo(page, form, THANKS('en', 'document-request'))
    await thanked(page, 'en', 'document-request')

    // Another document goes through.
    assert.equal((await page.goto(server.url + SALE('en'))).status(), 200)
    await waitForHydration(page.locator('#contact form'))
    await unfold(page, '#document-request')
    const states = page.locator('.documents .document-state')
    assert.equal((await states.nth(1).innerText()).trim(), text('en', 'property', 'document.notRequested'), 'the list tells nobody what was asked')
    await page.evaluate(() => document.querySelectorAll('details.offer-form').forEach((d) => (d.open = true)))
    // Each renders its form once opened.
    for (const id of await page.locator('details.offer-form').evaluateAll((ds) => ds.map((d) => d.id))) await page.locator(`#${id} form`).waitFor({ state: 'attached' })
    await assertAccessible(page, 'the sale page, its forms open')
    await person(form)
    await solved(page, DOCUMENT_FORM)
    await form.locator('select[name="document"]').selectOption('7100001')
    await sendTo(page, form, THANKS('en', 'document-request'))
    accepted++
    await thanked(page, 'en', 'document-request')
  })

  test('nl without JavaScript: a document request refused by the server, then sent', { js: false }, async (page) => {
    assert.equal((await page.goto(server.url + RENT('nl'))).status(), 200)
    // "Aanvragen per e-mail" of the second document opens the form with it chosen, as with JavaScript.
    await Promise.all([page.waitForURL((u) => u.searchParams.has('document'), { timeout: slow(10_000) }), page.locator('.documents a.document-request').nth(1).click()])
    const form = page.locator(DOCUMENT_FORM)
    await form.waitFor({ state: 'visible', timeout: slow(5_000) })
    assert.equal(new URL(page.url()).hash, '#document-request')
    const chosen = await form.locator('select[name="document"]').inputValue()
    assert.ok(chosen !== '', 'a document chosen')
    assert.equal(await form.locator('.vf-summary').count(), 0, 'no error shown for a form not sent')
    assert.equal(await form.locator('altcha-widget').count(), 0, 'no widget without JavaScript')
    await person(form, { lastName: ' ' })
    await form.locator('select[name="document"]').selectOption('7100027')
    const res = await submit(page, form)
    assert.equal(res.status(), 422)
    await page.waitForLoadState('domcontentloaded')
    assert.equal(new URL(page.url()).hash, '#document-request', 'the page comes back at the form')
    await assertRefused(page, page.locator(DOCUMENT_FORM), 'nl', 'lastName', 'forms', 'error.required', { firstName: 'Anne', document: '7100027' })

    await page.locator(DOCUMENT_FORM).locator('input[name="lastName"]').fill('Peeters')
    await sendTo(page, page.locator(DOCUMENT_FORM), THANKS('nl', 'document-request'))
    accepted++
    await thanked(page, 'nl', 'document-request')
  })

  test('fr: a purchase offer of nothing refused by the server, then sent', {}, async (page) => {
    assert.equal((await page.goto(server.url + SALE('fr'))).status(), 200)
    await waitForHydration(page.locator('#contact form'))
    assert.equal(await page.locator(RENT_FORM).count(), 0, 'no rent application on a sale page')
    await unfold(page, '#purchase-offer')
    const form = page.locator(OFFER_FORM)
    await form.waitFor({ state: 'visible', timeout: slow(5_000) })
    await waitForText(page.locator('#purchase-offer .offer-notice'), [text('fr', 'offer', 'purchase.advanceAmount').replace('{{amount}}', '€ 31.500')], 'the advance')
    await person(form)
    await form.locator('input[name="street"]').fill('Grand-Rue 12')
    await form.locator('input[name="zip"]').fill('6700')
    await form.locator('input[name="city"]').fill('Arlon')
    await form.locator('input[name="amount"]').fill('0')
    await form.locator('input[name="validUntil"]').fill(inDays(20))
    await solved(page, OFFER_FORM)
    const res = await submit(page, form)
    assert.equal(res.status(), 422)
    await assertRefused(page, form, 'fr', 'amount', 'offer', 'error.amount', { street: 'Grand-Rue 12', city: 'Arlon' })

    await form.locator('input[name="amount"]').fill('305000')
    await waitForText(page.locator('#purchase-offer .offer-amount-hint'), ['€ 305.000'], 'the amount as the site writes it')
    await form.locator('textarea[name="conditions"]').fill("Sous réserve de l'obtention d'un prêt")
    await solved(page, OFFER_FORM)
    await sendTo(page, form, THANKS('fr', 'purchase-offer'))
    accepted++
    await thanked(page, 'fr', 'purchase-offer')
  })

  test('de without JavaScript: a purchase offer refused (a past validity date), then sent', { js: false }, async (page) => {
    assert.equal((await page.goto(server.url + SALE('de'))).status(), 200)
    await unfold(page, '#purchase-offer')
    const form = page.locator(OFFER_FORM)
    await person(form)
    await form.locator('input[name="street"]').fill('Hauptstraße 3')
    await form.locator('input[name="zip"]').fill('4700')
    await form.locator('input[name="city"]').fill('Eupen')
    await form.locator('input[name="amount"]').fill('300000')
    await form.locator('input[name="validUntil"]').fill(inDays(-2))
    assert.equal((await submit(page, form)).status(), 422)
    await page.waitForLoadState('domcontentloaded')
    const again = page.locator(OFFER_FORM)
    await assertRefused(page, again, 'de', 'validUntil', 'offer', 'error.pastDate', { city: 'Eupen', amount: '300000' })
    await again.locator('input[name="validUntil"]').fill(inDays(10))
    await sendTo(page, again, THANKS('de', 'purchase-offer'))
    accepted++
    await thanked(page, 'de', 'purchase-offer')
  })

  test('nl: a rent application with a CV under the minimum income refused, then sent', {}, async (page) => {
    assert.equal((await page.goto(server.url + RENT('nl'))).status(), 200)
    await waitForHydration(page.locator('#contact form'))
    assert.equal(await page.locator(OFFER_FORM).count(), 0, 'no purchase offer on a rent page')
    await unfold(page, '#rent-application')
    const form = page.locator(RENT_FORM)
    await form.waitFor({ state: 'visible', timeout: slow(5_000) })
    const notice = await page.locator('#rent-application .offer-notice').innerText()
    assert.ok(notice.includes(text('nl', 'offer', 'rent.depositAmount').replace('{{amount}}', '€ 2.100')), notice)
    assert.ok(notice.includes(text('nl', 'offer', 'rent.minIncome').replace('{{amount}}', '€ 2.000')), notice)
    await person(form)
    await form.locator('input[name="adults"]').fill('2')
    await form.locator('input[name="kids"]').fill('1')
    await form.locator('input[name="pets"][value="no"]').check()
    await form.locator('input[name="movingDate"]').fill(inDays(40))
    await form.locator('textarea[name="movingReason"]').fill('Nieuwe job in Aarlen')
    await form.locator('input[name="income1"]').fill('1200')
    await form.locator('input[name="income2"]').fill('300')
    await form.locator('input[name="cv"]').setInputFiles(PDF)
    await solved(page, RENT_FORM)
    await page.setViewportSize({ width: 1366, height: 900 })
    assert.equal((await submit(page, form)).status(), 422)
    await assertRefused(page, form, 'nl', 'income1', 'offer', 'error.minIncome', { movingReason: 'Nieuwe job in Aarlen', adults: '2' })
    // Only the server's rule failed, on a field far below the summary: the summary is what comes into view.
    await page.waitForFunction(() => {
      const box = document.querySelector('#rent-application .vf-summary')?.getBoundingClientRect()
      return box && box.top >= 0 && box.bottom <= innerHeight
    }, null, { timeout: slow(5_000) }).catch(async () => {
      const box = await form.locator('.vf-summary').boundingBox()
      assert.fail(`the summary is off screen at 1366×900: ${JSON.stringify(box)}`)
    })
    await assertAccessible(page, 'the rent page, the application refused')

    await form.locator('input[name="income2"]').fill('1300')
    await solved(page, RENT_FORM)
    await sendTo(page, form, THANKS('nl', 'rent-application'))
    accepted++
    await thanked(page, 'nl', 'rent-application')
  })

  test('fr without JavaScript: a rent application with too many persons and a fake PDF refused, then sent with a CV', { js: false }, async (page) => {
    assert.equal((await page.goto(server.url + RENT('fr'))).status(), 200)
    await unfold(page, '#rent-application')
    const form = page.locator(RENT_FORM)
    await person(form)
    await form.locator('input[name="adults"]').fill('2')
    await form.locator('input[name="kids"]').fill('4')
    await form.locator('input[name="movingDate"]').fill(inDays(30))
    await form.locator('input[name="income1"]').fill('2500')
    await form.locator('input[name="cv"]').setInputFiles(FAKE_PDF)
    assert.equal((await submit(page, form)).status(), 422)
    await page.waitForLoadState('domcontentloaded')
    const again = page.locator(RENT_FORM)
    await assertRefused(page, again, 'fr', 'kids', 'offer', 'error.maxPersons', { adults: '2', income1: '2500' })
    await assertRefused(page, again, 'fr', 'cv', 'forms', 'error.fileType', {})
    await again.locator('input[name="kids"]').fill('2')
    await again.locator('input[name="cv"]').setInputFiles(PDF)
    await sendTo(page, again, THANKS('fr', 'rent-application'))
    accepted++
    await thanked(page, 'fr', 'rent-application')
  })

  it('the binary queued the mails of every request sent (immo mail)', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    assert.ok(accepted > 0, 'no request was sent by the tests above')
    const { stdout } = await run(binaryPath(), ['mail', '--data-dir', server.dataDir, '--limit', '1000'], { timeout: slow(20_000) })
    const rows = stdout.trim().split('\n').slice(1)
    // Each request mails the agency and confirms to the visitor; the repeated document request none.
    assert.equal(rows.length, 2 * accepted, `expected ${2 * accepted} mails, immo mail lists:\n${stdout}`)
  })
})
