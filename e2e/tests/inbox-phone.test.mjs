// The inbox on a phone, in Chromium against the real binary: the leads'
// filters are folded behind a button (they filled the first screen) that a
// desk never shows; the list gives each lead's phone number, and a
// property is named by its title and address, not its number; every link,
// button and field one taps on every page is at least 24 px each way.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(120_000)
const STAFF = 'boss@agency.test'
const PASSWORD = 'correct-horse-42'
const PROPERTY = '/fr/a-vendre/arlon/villa-maison-ferme/4100001/'
const PAGES = ['/admin/leads/', '/admin/owners/', '/admin/demands/', '/admin/agenda/', '/admin/testimonials/', '/admin/newsletter/',
  '/admin/mails/', '/admin/abuse/', '/admin/staff/', '/admin/audit/', '/admin/account/']

/** The targets one taps on the page (shown, not the skip link off screen) smaller than 24 px either way. */
function smallTargets() {
  const out = []
  for (const el of document.querySelectorAll('a[href], button, select, input:not([type="hidden"]), textarea, summary')) {
    const r = el.getBoundingClientRect()
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden' || el.classList.contains('admin-skip')) continue
    if (r.width < 24 || r.height < 24) out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.name || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`)
  }
  return out
}

describe('inbox: on a phone', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  it('folds the filters, gives the phone and the property by its title, and every target is 24 px at least', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    await run(binaryPath(), ['staff', 'add', STAFF, '--role', 'admin', '--first-name', 'Ann', '--last-name', 'Boss', '--lang', 'fr', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, STAFF))?.[0]
    assert.ok(link, 'a password link')
    // An information request about a property, posted as a browser without JavaScript would.
    const body = new URLSearchParams({ form: 'contact-me', title: 'ms', firstName: 'Marie', lastName: 'Dubois', email: 'marie@example.be', phone: '0471 23 45 67', remark: 'Le jardin est-il orienté sud ?' })
    const posted = await fetch(server.url + PROPERTY, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body })
    assert.equal(posted.status, 303, 'the request is taken')

    const staff = await openContext(await browser.get(), server.origin)
    let state
    try {
      const page = await staff.context.newPage()
      await page.goto(server.url + link)
      await page.locator('#login-password').fill(PASSWORD)
      await page.locator('#login-passwordConfirm').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])
      state = await staff.context.storageState()
      staff.assertClean('the staff member')
    } finally {
      await staff.close()
    }

    const b = await browser.get()
    const phone = await b.newContext({ storageState: state, viewport: { width: 375, height: 800 }, locale: 'fr' })
    try {
      const page = await phone.newPage()
      await page.goto(server.url + '/admin/leads/')
      const toggle = page.locator('.admin-filter-toggle')
      const filters = page.locator('form.admin-filter')
      await toggle.waitFor()
      assert.equal(await filters.isVisible(), false, 'the filters folded on a phone')
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
      await toggle.click()
      assert.equal(await filters.isVisible(), true, 'the filters open from their button')
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true')

      const row = page.locator('.admin-table tbody tr', { hasText: 'Dubois' })
      assert.equal(await row.locator('a[href^="tel:"]').textContent(), '0471 23 45 67', 'the phone in the list')
      const property = row.locator('.admin-listing a')
      assert.match(await property.getAttribute('href'), /\/4100001\/$/)
      const named = await row.locator('.admin-listing').textContent()
      assert.ok(/[A-Za-zÀ-ÿ]{3}/.test(named) && !/^#?\d+$/.test(named.trim()), `the property by its title and address: ${named}`)

      const lead = await row.locator('a').first().getAttribute('href')
      for (const path of [...PAGES, lead]) {
        await page.goto(server.url + path)
        await page.locator('main h1').waitFor()
        assert.deepEqual(await page.evaluate(smallTargets), [], `targets under 24 px on ${path}`)
      }
    } finally {
      await phone.close()
    }

    const desk = await b.newContext({ storageState: state, viewport: { width: 1366, height: 900 }, locale: 'fr' })
    try {
      const page = await desk.newPage()
      await page.goto(server.url + '/admin/leads/')
      await page.locator('form.admin-filter').waitFor()
      assert.equal(await page.locator('.admin-filter-toggle').isVisible(), false, 'no filter button on a desk')
    } finally {
      await desk.close()
    }
  })
})
