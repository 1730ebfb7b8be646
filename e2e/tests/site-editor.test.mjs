// The site editor in Chromium, against the real binary: an admin adds a
// picture to the library, starts a draft, changes the home banner's title
// and picture (chosen from the library) and the "About us" page's text in
// French and Dutch, sees the preview change at 375 and 1366 px (a click on
// the banner's title opens its field), publishes and sees the public pages
// change, and the library says the picture is in use; a second editor, whose
// draft started before, is refused their publish with what changed; the
// first takes the version back (unpublish). Then a pop-up scheduled an hour
// ahead appears on the public site when the server's clock (IMMO_CLOCK_FILE,
// a file the test writes) reaches its time, and the history lists it.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
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
const PICTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../internal/adapter/demo/pictures/apartment-01.jpg')
const PICTURE_ALT_FR = 'Un appartement clair au printemps'
const PICTURE_ALT_NL = 'Een licht appartement in de lente'
const POPUP_FR = 'Portes ouvertes ce samedi'
const POPUP_NL = 'Opendeur deze zaterdag'

const byId = (id) => `[id="${id}"]`

// The server's clock: the wall clock plus the duration in this file (IMMO_CLOCK_FILE); none yet: the wall clock.
const clockDir = mkdtempSync(path.join(tmpdir(), 'immo-clock-'))
const clockFile = path.join(clockDir, 'offset')
after(() => rmSync(clockDir, { recursive: true, force: true }))

/** A date as a datetime-local input's value in Brussels time (the schedule form's). */
function brusselsLocal(date) {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  })
  const p = Object.fromEntries(fmt.formatToParts(date).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/**
 * Polls check() every interval ms until it returns something truthy (that), or fails with why after timeout ms. A
 * check that meets a navigation (the preview's frame reloads after each save) is tried again.
 */
async function until(check, why, timeout, interval = 250) {
  const deadline = Date.now() + timeout
  for (;;) {
    const got = await check().catch((e) => {
      if (/Execution context was destroyed|Frame was detached|navigat/i.test(String(e?.message))) return null
      throw e
    })
    if (got) return got
    if (Date.now() > deadline) assert.fail(`${why}: not within ${Math.round(timeout / 1000)} s`)
    await new Promise((r) => setTimeout(r, interval))
  }
}

describe('the site editor', () => {
  const server = useServer([], { env: { IMMO_CLOCK_FILE: clockFile } })
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
    const field = page.locator(byId(`site-field-${path}`))
    await field.fill(value)
    // A save that never comes says what the field held (an intermittent wait of a CI run).
    const res = await saved.catch(async (err) => {
      const held = await field.evaluate((el) => ('value' in el ? el.value : el.textContent)).catch((e) => `unreadable: ${e.message}`)
      throw new Error(`no autosave after typing ${path}; the field holds ${JSON.stringify(held).slice(0, 200)}: ${err.message}`)
    })
    assert.equal(res.status(), 200, `saving ${path}`)
    return res.json()
  }

  /** Chooses value in the select at path and waits for the autosave to answer. */
  async function choose(page, path, value) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/config') && r.request().method() === 'PUT')
    await page.locator(byId(`site-field-${path}`)).selectOption(value)
    const res = await saved
    assert.equal(res.status(), 200, `saving ${path}`)
    return res.json()
  }

  /** Publishes the editor's draft (page) with a note: back on the site's section. */
  async function publish(page, note) {
    await page.locator('#site-note').fill(note)
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/admin/site/' && u.search === '?done=published'),
      page.locator('form:has(input[name="action"][value="publish"]) button[type="submit"]').click(),
    ])
  }

  /** The address the banner's picture (img.banner-image) loaded, once it has (in page or frame). */
  async function bannerPicture(where) {
    const img = where.locator('img.banner-image').first()
    return until(() => img.evaluate((el) => el.complete && el.naturalWidth > 0 && el.currentSrc), 'the banner picture loads', slow(10_000))
  }

  it('changes the banner (its picture from the library) and a page in two languages, previews, publishes; a late second editor is refused; unpublish', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const paul = await staffMember('paul@agency.test')
    const boss = await staffMember('boss@agency.test')
    const visitor = await openContext(await browser.get(), server.origin)
    try {
      await startDraft(paul.page)
      const { page } = boss

      // A picture added to the library, with its alternative text in French and Dutch (in a tab of its own).
      const library = await boss.context.newPage()
      await library.goto(server.url + '/admin/site/pictures/')
      await library.locator('#media-file').setInputFiles(PICTURE)
      await library.locator(byId('media-new-alt-fr')).fill(PICTURE_ALT_FR)
      await library.locator(byId('media-new-alt-nl')).fill(PICTURE_ALT_NL)
      await Promise.all([
        library.waitForURL((u) => u.searchParams.get('done') === 'added'),
        library.locator('form.media-add button[type="submit"]').click(),
      ])
      const added = library.locator('.media-item.media-new')
      await added.waitFor()
      const pictureItem = byId(await added.getAttribute('id'))
      const pictureURL = await added.locator('input[id^="picture-url-"]').inputValue()
      assert.match(pictureURL, /^\/pictures\/media\/\d+\/[^/]+\.jpg$/, 'the library gives the picture an address of its own')
      assert.equal(await added.locator('input[id$="-alt-fr"]').inputValue(), PICTURE_ALT_FR)
      assert.equal(await added.locator('input[id$="-alt-nl"]').inputValue(), PICTURE_ALT_NL)

      await startDraft(page)
      await page.setViewportSize({ width: 1366, height: 900 })
      assert.match(await page.locator('.site-status').innerText(), /paul@agency\.test/, 'the editor says who else edits')

      // The banner's title in French and Dutch, side by side.
      await page.locator('[data-section="banner"]').click()
      await type(page, 'banner.title.fr', SPRING_FR)
      const answer = await type(page, 'banner.title.nl', SPRING_NL)
      assert.deepEqual(answer.problems, [])
      assert.ok(answer.changes.some((c) => c.section === 'banner' && c.langs.join() === 'nl,fr'), JSON.stringify(answer.changes))

      // The banner's picture, chosen from the library.
      const pictureField = page.locator(byId('site-field-banner.image.url'))
      await page.locator('.site-picture', { has: pictureField }).getByRole('button', { name: 'Choose a picture' }).click()
      const picked = page.waitForResponse((r) => r.url().endsWith('/config') && r.request().method() === 'PUT')
      await page.locator('.site-picker-list button').first().waitFor()
      assert.equal(await page.locator('.site-picker-list button').count(), 1, 'the library holds the one picture added')
      await page.locator('.site-picker-list button').click()
      assert.equal((await picked).status(), 200, 'saving the banner picture')
      assert.equal(await pictureField.inputValue(), pictureURL, 'the chosen picture fills the field')

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
      assert.match(await bannerPicture(frame), /\/pictures\/media\//, 'the preview\'s banner shows the chosen picture at 375 px')
      await page.locator('.site-preview-bar button', { hasText: '1366' }).click()
      assert.equal(await page.locator('.site-preview iframe').evaluate((f) => f.style.width), '1366px')
      await frame.getByText(SPRING_FR).first().waitFor()
      assert.match(await bannerPicture(frame), /\/pictures\/media\//, 'the preview\'s banner shows the chosen picture at 1366 px')
      // A click on the banner's title in the preview opens its field.
      await frame.getByText(SPRING_FR).first().click()
      await page.locator(byId('site-field-banner.title.fr')).waitFor()
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'site-field-banner.title.fr')

      // Nothing online yet.
      const home = await visitor.context.newPage()
      await home.goto(server.url + '/fr/')
      assert.ok(!(await home.content()).includes(SPRING_FR), 'the draft is not online')
      assert.doesNotMatch(await bannerPicture(home), /\/pictures\/media\//, 'the draft\'s picture is not online')

      // Published with a note: online at once, the banner's picture from the library.
      await publish(page, 'spring campaign')
      await home.goto(server.url + '/fr/')
      await home.getByText(SPRING_FR).first().waitFor()
      const banner = await bannerPicture(home)
      assert.match(new URL(banner).pathname, /^\/pictures\/media\//, `the public banner is the library's picture (${banner})`)
      await home.goto(server.url + '/nl/')
      await home.getByText(SPRING_NL).first().waitFor()
      await home.goto(server.url + '/fr/a-propos/')
      await home.getByText(ABOUT_FR).waitFor()
      await home.goto(server.url + '/nl/over-ons/')
      await home.getByText(ABOUT_NL).waitFor()
      assert.match(await page.locator('.admin-table tbody tr').first().innerText(), /spring campaign/)

      // The library: the picture is in use by the site online, and cannot be deleted.
      await library.goto(server.url + '/admin/site/pictures/')
      const item = library.locator(pictureItem)
      await item.waitFor()
      assert.match(await item.innerText(), /the site online/, 'the library says where the picture is used')
      assert.match(await item.innerText(), /In use/, 'the library says the picture is in use')
      assert.equal(await item.locator('form:has(input[name="action"][value="delete"])').count(), 0, 'no delete for a picture in use')
      await library.close()

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

  it('schedules a pop-up an hour ahead: it appears on the public site when the server\'s clock gets there', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    writeFileSync(clockFile, '') // the wall clock
    assert.ok(server.warnings().some((l) => l.includes('IMMO_CLOCK_FILE')), 'the server warns that its clock is a test\'s')
    const anne = await staffMember('anne@agency.test')
    const { page } = anne
    await page.setViewportSize({ width: 1366, height: 900 })
    const popupIn = async (lang) => (await (await fetch(`${server.url}/${lang}/`)).text()).includes('class="popup"')
    try {
      // The demo's pop-up is on: first taken off the site, so that the scheduled one is seen to come.
      await startDraft(page)
      await page.locator('[data-section="popup"]').click()
      assert.deepEqual((await choose(page, 'popup.isPublished', 'no')).problems, [])
      await publish(page, 'no pop-up')
      await until(async () => !(await popupIn('fr')), 'the pop-up off', slow(5_000))

      // A draft turning it on, titled in French and Dutch, shown a second after arrival.
      await startDraft(page)
      await page.locator('[data-section="popup"]').click()
      await choose(page, 'popup.isPublished', 'yes')
      await type(page, 'popup.delay', '1')
      await type(page, 'popup.title.fr', POPUP_FR)
      const answer = await type(page, 'popup.title.nl', POPUP_NL)
      assert.deepEqual(answer.problems, [])
      assert.ok(answer.changes.some((c) => c.section === 'popup'), JSON.stringify(answer.changes))

      // Scheduled for the next whole minute an hour from now, Brussels time.
      const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60 * 60_000)
      await page.locator('#site-at').fill(brusselsLocal(at))
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('done') === 'scheduled'),
        page.locator('form:has(input[name="action"][value="schedule"]) button[type="submit"]').click(),
      ])
      await page.locator('.admin-notice[role="status"]', { hasText: /scheduled/i }).first().waitFor()
      await page.goto(server.url + '/admin/site/')
      const history = page.locator('.admin-table tbody tr')
      const before = Number((await history.first().locator('td').first().innerText()).match(/\d+/)[0])
      assert.ok(before > 0, 'the version online has a number')
      assert.equal(await page.locator('.site-drafts strong', { hasText: 'scheduled for' }).count(), 1, 'the section lists the scheduled draft')

      // Not yet: the server publishes due drafts every 2 s, and this one is not due.
      await new Promise((r) => setTimeout(r, 3_000))
      assert.equal(await popupIn('fr'), false, 'no pop-up before its time')
      assert.equal(await popupIn('nl'), false, 'no pop-up before its time (nl)')

      // The server's clock moved past the time: the draft is published within its 2 s check.
      writeFileSync(clockFile, `${Math.ceil((at.getTime() - Date.now()) / 60_000) + 5}m`)
      await until(() => popupIn('fr'), 'the scheduled pop-up online', slow(15_000), 500)

      // A new visitor sees it, in French and in Dutch, after its delay.
      for (const [lang, title] of [['fr', POPUP_FR], ['nl', POPUP_NL]]) {
        const visitor = await openContext(await browser.get(), server.origin, { popup: true })
        try {
          const home = await visitor.context.newPage()
          await home.goto(`${server.url}/${lang}/`)
          await waitForHydration(home.locator('.drawer-toggle'))
          await home.locator('dialog.popup[open]').waitFor({ timeout: slow(5_000) })
          assert.equal(await home.getByRole('dialog', { name: title }).isVisible(), true, `the ${lang} pop-up is titled "${title}"`)
          visitor.assertClean(`the ${lang} visitor`)
        } finally {
          await visitor.close()
        }
      }

      // The history lists the new version, online, by the one who scheduled it, changing the pop-up.
      await page.goto(server.url + '/admin/site/')
      const row = await history.first().innerText()
      assert.match(row, new RegExp(`^${before + 1}\\b`), `the newest version is ${before + 1}: ${row}`)
      assert.match(row, /anne@agency\.test/)
      assert.match(row, /Pop-up/)
      assert.equal(await history.first().locator('.admin-status').count(), 1, 'the scheduled version is online')
      assert.equal(await page.locator('.site-drafts strong').count(), 0, 'no draft scheduled any more')
      anne.assertClean('the editor')
    } finally {
      await anne.close()
    }
  })
})
