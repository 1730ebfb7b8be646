// The agency's inbox in Chromium, against the real binary: `immo staff add`
// queues a mail with a password link; the link's page refuses a short
// password and takes a good one, which opens the leads; a visitor sends the
// contact form on the public site, and the request shows in the staff
// member's open list without a reload (server-sent events); the staff member
// opens it, marks it done (a double click posting once), writes a note,
// exports the list (a CSV Excel reads: UTF-8 with a BOM) and logs out. The
// inbox speaks the browser's language (French here), and nothing of it is
// on a public page.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(90_000)
const STAFF = 'boss@agency.test'
const PASSWORD = 'correct-horse-42'
const VISITOR = 'anne.dupont@example.be'
const CONTACT_FORM = '.module-contact form'
const say = (key) => text('fr', 'admin', key)

describe('agency inbox', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  it('a staff member chooses a password, sees a lead arrive, works it, exports and logs out', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    await run(binaryPath(), ['staff', 'add', STAFF, '--role', 'admin', '--first-name', 'Ann', '--last-name', 'Boss', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const mail = await mailTo(server, STAFF)
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(mail)?.[0]
    assert.ok(link, `no password link in the mail:\n${mail}`)

    const staff = await openContext(await browser.get(), server.origin, { expectedStatus: (_u, status) => status === 422 })
    const visitor = await openContext(await browser.get(), server.origin)
    try {
      const page = await staff.context.newPage()
      await page.goto(server.url + link)
      await page.locator('h1', { hasText: say('password.title') }).waitFor()
      await page.locator('#login-password').fill('short')
      await page.locator('#login-passwordConfirm').fill('short')
      await page.locator('button[type="submit"]').click()
      await page.locator('#login-password-error').waitFor() // said in the browser, before any post
      await page.locator('#login-password').fill(PASSWORD)
      await page.locator('#login-passwordConfirm').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])
      await page.locator('h1', { hasText: say('title.AdminLeads') }).waitFor()
      assert.equal(await page.locator('.admin-table tbody tr').count(), 0, 'no lead yet')

      // A visitor sends the contact form, the list open meanwhile.
      const vpage = await visitor.context.newPage()
      await vpage.goto(server.url + '/fr/contact/')
      const form = vpage.locator(CONTACT_FORM)
      await waitForHydration(form)
      await form.locator('input[name="title"][value="ms"]').check()
      await form.locator('input[name="firstName"]').fill('Anne')
      await form.locator('input[name="lastName"]').fill('Dupont')
      await form.locator('input[name="email"]').fill(VISITOR)
      await form.locator('input[name="phone"]').fill('0471 23 45 67')
      await form.locator('textarea[name="remark"]').fill('=1+1 Pourriez-vous me rappeler ?')
      await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
      await vpage.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, CONTACT_FORM, { timeout: slow(20_000) })
      await Promise.all([vpage.waitForURL((u) => !u.pathname.startsWith('/fr/contact/'), { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
      visitor.assertClean('the visitor')
      assert.doesNotMatch(await vpage.content(), /admin-|AdminLeads/, 'nothing of the inbox on a public page')

      const row = page.locator('.admin-table tbody tr', { hasText: VISITOR })
      await row.waitFor({ timeout: slow(15_000) }) // no reload: the stream said a lead came
      await page.locator('[aria-live="polite"]', { hasText: say('leads.fresh').replace('{{n}}', '1') }).waitFor()
      assert.equal(await row.locator('.admin-status').innerText(), say('status.new'))

      // Open it, mark it done, write a note.
      await Promise.all([page.waitForURL(/\/admin\/leads\/\d+\/$/), row.locator('a').first().click()])
      await page.locator('.admin-remark', { hasText: '=1+1 Pourriez-vous' }).waitFor()
      // The mails the request sent, tied to it: the agency's notice and the visitor's confirmation.
      assert.equal(await page.locator('.admin-mails li').count(), 2, 'the two mails of the request')
      assert.equal(await page.locator('.admin-mails li', { hasText: VISITOR }).count(), 1, "the visitor's confirmation")
      await page.locator('select[name="status"]').selectOption('done')
      const posts = []
      const posted = (r) => { if (r.method() === 'POST') posts.push(new URL(r.url()).pathname) }
      page.on('request', posted)
      await page.locator('button', { hasText: say('lead.setStatus') }).dblclick()
      await page.locator('.admin-lead .admin-status', { hasText: say('status.done') }).waitFor()
      await staff.settle()
      page.off('request', posted)
      assert.deepEqual(posts, [new URL(page.url()).pathname], 'a double click posts the status once')
      await page.locator('#lead-note').fill('Rappelée, visite lundi')
      await page.locator('button', { hasText: say('lead.addNote') }).click()
      await page.locator('.admin-notes li', { hasText: 'Rappelée, visite lundi' }).waitFor()
      assert.equal(await page.locator('#lead-note').inputValue(), '', 'the note box is emptied once the note is in')

      // The export of the done leads.
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('a', { hasText: say('lead.back') }).click()])
      await page.locator('select[name="status"]').selectOption('done')
      await Promise.all([page.waitForURL((u) => u.searchParams.get('status') === 'done'), page.locator('button', { hasText: say('filter.apply') }).click()])
      await row.waitFor()
      const href = await page.locator('a', { hasText: say('export') }).getAttribute('href')
      const res = await page.request.get(server.url + href)
      assert.equal(res.status(), 200)
      const csv = (await res.body()).toString('utf8')
      assert.ok(csv.startsWith('\uFEFF'), 'the CSV starts with a BOM')
      assert.match(csv, new RegExp(VISITOR.replace(/\./g, '\\.')))
      assert.match(csv, /'=1\+1 Pourriez-vous/, 'a formula is neutralised')

      // Logout: the inbox is shut.
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/login/'), page.locator('.admin-who button').click()])
      await page.goto(server.url + '/admin/leads/')
      assert.equal(new URL(page.url()).pathname, '/admin/login/')
      staff.assertClean('the staff member')
    } finally {
      await staff.close()
      await visitor.close()
    }
  })
})
