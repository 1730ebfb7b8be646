// The site editor in Chromium, against the real binary: an admin starts a
// draft, changes the home banner's title and the "About us" page's text in
// French and Dutch, sees the preview change at 375 and 1366 px (a click on
// the banner's title opens its field), publishes and sees the public pages
// change; a second editor, whose draft started before, is refused their
// publish with what changed; the first takes the version back (unpublish).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { slow } from '../lib/patience.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(150_000)
const PASSWORD = 'correct-horse-42'
const SPRING_FR = 'Le printemps chez Immo Arlon'
const SPRING_NL = 'De lente bij Immo Arlon'
const ABOUT_FR = 'Depuis 2009, nous vendons des maisons au printemps.'
const ABOUT_NL = 'Sinds 2009 verkopen we huizen in de lente.'
const ONLINE_FR = 'Votre agence immobilière à Arlon'

const byId = (id) => `[id="${id}"]`

describe('the site editor', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  /** A staff member with a password, logged in: their browser context. */
  async function staffMember(email) {
    await run(binaryPath(), ['staff', 'add', email, '--role', 'admin', '--lang', 'en', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, email))?.[0]
    assert.ok(link, `a password link for ${email}`)
    const staff = await openContext(await browser.get(), server.origin, {
      // Refused on purpose: the second editor's publish (409), the frame of a draft while it has problems (422).
      expectedStatus: (url, status) => status === 409 || (status === 422 && url.pathname.startsWith('/admin/preview/')),
    })
    staff.context.on('page', (p) => p.on('dialog', (d) => void d.accept()))
    const page = await staff.context.newPage()
    await page.goto(server.url + link)
    await page.locator('#login-password').fill(PASSWORD)
    await page.locator('#login-passwordConfirm').fill(PASSWORD)
    await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])
    return { ...staff, page }
  }

  /** Starts a draft from the site's section: the editor's page. */
  async function startDraft(page) {
    await page.goto(server.url + '/admin/site/')
    await Promise.all([
      page.waitForURL((u) => /^\/admin\/site\/drafts\/\d+\/$/.test(u.pathname)),
      page.locator('form:has(input[name="action"][value="edit"]) button').click(),
    ])
    await page.locator('.site-form .site-group').first().waitFor()
  }

  /** Types value into the field at path and waits for the autosave to answer. */
  async function type(page, path, value) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/config') && r.request().method() === 'PUT')
    await page.locator(byId(`site-field-${path}`)).fill(value)
    const res = await saved
    assert.equal(res.status(), 200, `saving ${path}`)
    return res.json()
  }

  it('changes the banner and a page in two languages, previews, publishes; a late second editor is refused; unpublish', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const paul = await staffMember('paul@agency.test')
    const boss = await staffMember('boss@agency.test')
    const visitor = await openContext(await browser.get(), server.origin)
    try {
      await startDraft(paul.page)
      const { page } = boss
      await startDraft(page)
      await page.setViewportSize({ width: 1366, height: 900 })
      assert.match(await page.locator('.site-status').innerText(), /paul@agency\.test/, 'the editor says who else edits')

      // The banner's title in French and Dutch, side by side.
      await page.locator('[data-section="banner"]').click()
      await type(page, 'banner.title.fr', SPRING_FR)
      const answer = await type(page, 'banner.title.nl', SPRING_NL)
      assert.deepEqual(answer.problems, [])
      assert.ok(answer.changes.some((c) => c.section === 'banner' && c.langs.join() === 'nl,fr'), JSON.stringify(answer.changes))

      // The "About us" page's text in French and Dutch, in its rich text editor.
      await page.locator('[data-section="pages"]').click()
      await page.locator(`${byId('site-field-pages[8]')} .site-fold-head button`).first().click()
      await type(page, 'pages[8].params.content.fr', ABOUT_FR)
      await type(page, 'pages[8].params.content.nl', ABOUT_NL)

      // The preview, in French, at a phone's width then a desktop's.
      await page.locator('.site-preview select').selectOption('fr')
      const frame = page.frameLocator('.site-preview iframe')
      await frame.getByText(SPRING_FR).first().waitFor({ timeout: slow(10_000) })
      assert.equal(await page.locator('.site-preview iframe').evaluate((f) => f.style.width), '375px')
      await page.locator('.site-preview-bar button', { hasText: '1366' }).click()
      assert.equal(await page.locator('.site-preview iframe').evaluate((f) => f.style.width), '1366px')
      await frame.getByText(SPRING_FR).first().waitFor()
      // A click on the banner's title in the preview opens its field.
      await frame.getByText(SPRING_FR).first().click()
      await page.locator(byId('site-field-banner.title.fr')).waitFor()
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'site-field-banner.title.fr')

      // Nothing online yet.
      const home = await visitor.context.newPage()
      await home.goto(server.url + '/fr/')
      assert.ok(!(await home.content()).includes(SPRING_FR), 'the draft is not online')

      // Published with a note: online at once.
      await page.locator('#site-note').fill('spring campaign')
      await Promise.all([
        page.waitForURL((u) => u.pathname === '/admin/site/' && u.search === '?done=published'),
        page.locator('form:has(input[name="action"][value="publish"]) button[type="submit"]').click(),
      ])
      await home.goto(server.url + '/fr/')
      await home.getByText(SPRING_FR).first().waitFor()
      await home.goto(server.url + '/nl/')
      await home.getByText(SPRING_NL).first().waitFor()
      await home.goto(server.url + '/fr/a-propos/')
      await home.getByText(ABOUT_FR).waitFor()
      await home.goto(server.url + '/nl/over-ons/')
      await home.getByText(ABOUT_NL).waitFor()
      assert.match(await page.locator('.admin-table tbody tr').first().innerText(), /spring campaign/)

      // Paul's draft started before: refused, with what was published since.
      await paul.page.reload()
      await paul.page.locator('.site-meanwhile').waitFor()
      await paul.page.locator('form:has(input[name="action"][value="publish"]) button[type="submit"]').click()
      await paul.page.locator('#site-error-draft').waitFor()
      await home.goto(server.url + '/fr/')
      await home.getByText(SPRING_FR).first().waitFor()

      // Unpublished: the version before is online again.
      await page.locator('form:has(input[name="action"][value="unpublish"]) button').click()
      await page.waitForURL((u) => u.search === '?done=unpublished')
      await home.goto(server.url + '/fr/')
      await home.getByText(ONLINE_FR).first().waitFor()
      assert.ok(!(await home.content()).includes(SPRING_FR), 'the unpublished version is gone')

      // The refusals the test asked for: the browser logs them as failed loads.
      const refused = (p) => /console error: Failed to load resource: .* status of (409|422)\b/.test(p)
      for (const c of [boss, paul]) c.problems.splice(0, c.problems.length, ...c.problems.filter((p) => !refused(p)))
      boss.assertClean('the first editor')
      paul.assertClean('the second editor')
      visitor.assertClean('the visitor')
    } finally {
      await boss.close()
      await paul.close()
      await visitor.close()
    }
  })
})
