// The job application of the jobs page, in Chromium against the real binary:
// fr with JavaScript (a fake PDF — a text file named cv.pdf — passes the
// browser's check and is refused by the server, which reads the content;
// the real PDF then goes through the router as multipart, the ALTCHA widget
// solved) and nl without JavaScript (a plain multipart post: refused for a
// missing motivation, the typed values kept, then sent). Both land on the
// thank-you page (the refused form passes axe); `immo mail` then lists the agency's notices (no SMTP
// server: they wait in the queue, the CV attached).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { assertAccessible } from '../lib/axe.mjs'
import { needsChromium, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { formTests } from '../lib/formtest.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(60_000)

const JOBS = { fr: '/fr/emplois/', nl: '/nl/jobs/' }
const THANKS = { fr: '/fr/merci/candidature-spontanee/', nl: '/nl/feedback/job-application/' }
const FORM = '.module-job-application form'

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
const FAKE_PDF = Buffer.from('I am a text file, not a PDF.\n')

const run = promisify(execFile)

describe('job application', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let accepted = 0

  const test = formTests({ server, browser, skip, timeout: TIMEOUT })

  async function fillPerson(form, motivation) {
    await form.locator('input[name="title"][value="ms"]').check()
    await form.locator('input[name="firstName"]').fill('Anne')
    await form.locator('input[name="lastName"]').fill('Dupont')
    await form.locator('input[name="email"]').fill('anne.dupont@example.be')
    await form.locator('input[name="phone"]').fill('0471 23 45 67')
    await form.locator('input[name="position"]').fill('Agent immobilier')
    if (motivation) await form.locator('textarea[name="motivation"]').fill(motivation)
  }

  /** The field's problem as its aria-describedby names it (the hint, then the error). */
  async function problemOf(page, input) {
    assert.equal(await input.getAttribute('aria-invalid'), 'true', `${await input.getAttribute('name')} in red`)
    const ids = (await input.getAttribute('aria-describedby')).split(' ')
    return (await page.locator(`[id="${ids.at(-1)}"]`).innerText()).trim()
  }

  async function sendTo(page, form, path) {
    await Promise.all([page.waitForURL((u) => u.pathname === path, { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
  }

  test('fr: a fake PDF refused by the server, the real one sent', {}, async (page) => {
    const res = await page.goto(server.url + JOBS.fr)
    assert.equal(res.status(), 200)
    const form = page.locator(FORM)
    await waitForHydration(form)
    assert.equal(await form.getAttribute('enctype'), 'multipart/form-data')
    assert.equal(await form.getAttribute('action'), `${JOBS.fr}#apply`)
    const cv = form.locator('input[type="file"][name="cv"]')
    assert.match(await cv.getAttribute('accept'), /\.pdf/)
    await fillPerson(form, "Cinq ans d'expérience en agence à Arlon.")

    // The browser sees a .pdf under 5 MB; the server reads a text file.
    await cv.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: FAKE_PDF })
    await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST', { timeout: slow(15_000) }),
      form.locator('button[type="submit"]').click(),
    ])
    assert.equal(refused.status(), 422)
    assert.match(refused.request().headers()['content-type'], /^multipart\/form-data; boundary=/, 'the router posts the file multipart')
    await form.locator('.vf-summary').waitFor({ state: 'visible', timeout: slow(10_000) })
    assert.equal(await problemOf(page, cv), text('fr', 'forms', 'error.fileType'))
    assert.equal(await form.locator('input[name="lastName"]').inputValue(), 'Dupont', 'what was typed is kept')
    assert.equal(await form.locator('textarea[name="motivation"]').inputValue(), "Cinq ans d'expérience en agence à Arlon.")
    await assertAccessible(page, 'the refused job application')

    await cv.setInputFiles({ name: 'Anne Dupont CV.pdf', mimeType: 'application/pdf', buffer: PDF })
    assert.notEqual(await cv.getAttribute('aria-invalid'), 'true', 'a new file: the server no longer speaks of the old one')
    await form.locator('input[name="firstName"]').focus()
    await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, FORM, { timeout: slow(20_000) })
    await sendTo(page, form, THANKS.fr)
    accepted++
    await waitForText(page.locator('main h1'), [text('fr', 'thankYou', 'title')], 'the thank-you page')
    await waitForText(page.locator('.thank-you-card'), [text('fr', 'jobs', 'thankYou')], 'the application message')
  })

  test('nl without JavaScript: refused by the server, then sent with the CV', { js: false }, async (page) => {
    const res = await page.goto(server.url + JOBS.nl)
    assert.equal(res.status(), 200)
    const form = page.locator(FORM)
    await fillPerson(form, '')
    await form.locator('input[name="cv"]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF })
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST', { timeout: slow(10_000) }),
      form.locator('button[type="submit"]').click(),
    ])
    assert.equal(refused.status(), 422)
    await page.waitForLoadState('domcontentloaded')
    assert.equal(new URL(page.url()).hash, '#apply', 'the page comes back at the form')
    const again = page.locator(FORM)
    assert.equal(await problemOf(page, again.locator('textarea[name="motivation"]')), text('nl', 'forms', 'error.required'))
    assert.equal(await again.locator('input[name="lastName"]').inputValue(), 'Dupont', 'what was typed is kept')

    // A browser cannot give a file back: the server asks for the CV again.
    assert.equal(await problemOf(page, again.locator('input[name="cv"]')), text('nl', 'forms', 'error.fileAgain'))
    await again.locator('textarea[name="motivation"]').fill('Ik werk graag met mensen.')
    await again.locator('input[name="cv"]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF })
    await sendTo(page, again, THANKS.nl)
    accepted++
    await waitForText(page.locator('main h1'), [text('nl', 'thankYou', 'title')], 'the thank-you page')
    assert.notEqual(new URL(page.url()).hash, '#apply', "the form's anchor is not carried over to the thank-you page")
  })

  test('fr without JavaScript: a 25 MB CV is refused in French, what was typed kept', { js: false }, async (page) => {
    assert.equal((await page.goto(server.url + JOBS.fr)).status(), 200)
    const form = page.locator(FORM)
    await fillPerson(form, 'Je travaille volontiers avec les gens.')
    // From a file on disk: a 25 MB buffer sent through the browser protocol is slow.
    const big = join(mkdtempSync(join(tmpdir(), 'immo-cv-')), 'cv-enorme.pdf')
    writeFileSync(big, Buffer.concat([PDF, Buffer.alloc(25 << 20, 0x20)]))
    await form.locator('input[name="cv"]').setInputFiles(big)
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST', { timeout: slow(30_000) }),
      form.locator('button[type="submit"]').click(),
    ])
    assert.equal(refused.status(), 422, 'the form again, not a bare "Request Entity Too Large"')
    await page.waitForLoadState('domcontentloaded')
    const again = page.locator(FORM)
    assert.equal(await problemOf(page, again.locator('input[name="cv"]')), text('fr', 'forms', 'error.fileSize'))
    assert.equal(await again.locator('input[name="lastName"]').inputValue(), 'Dupont', 'what was typed is kept')
    assert.equal(await again.locator('textarea[name="motivation"]').inputValue(), 'Je travaille volontiers avec les gens.')
  })

  it('the binary queued the notices with the applications (immo mail)', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    assert.equal(accepted, 2, 'both applications were sent')
    const { stdout } = await run(binaryPath(), ['mail', '--data-dir', server.dataDir, '--limit', '1000'], { timeout: slow(20_000) })
    const notices = stdout.split('\n').filter((r) => r.includes('info@immo-arlon.be') && r.includes(text('fr', 'mail', 'kind.job-application')))
    assert.equal(notices.length, 2, `two notices to the agency:\n${stdout}`)
    assert.ok(stdout.split('\n').filter((r) => r.includes('anne.dupont@example.be')).length >= 2, `the confirmations:\n${stdout}`)
  })
})
