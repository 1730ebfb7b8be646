// The inbox's menu in Chromium, against the real binary, in the four
// languages, with thirteen sections (an admin's, padded with copies of the
// longest label should there be fewer): at 1366 px it holds on one line beside nothing that
// wraps — the brand and who is logged in above it — and at 375 px it is
// one line that scrolls sideways (the current section brought into view),
// the page itself no wider than the screen and the brand beside the logout.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(90_000)
const STAFF = 'boss@agency.test'
const PASSWORD = 'correct-horse-42'
/** An admin's sections today (the catalog's updates made them thirteen). */
const SECTIONS = 13

/** The bar as laid out, with thirteen sections at least (copies of the longest added while fewer). */
function measure(sections) {
  const ul = document.querySelector('.admin-bar nav ul')
  const items = [...ul.children]
  const longest = items.reduce((a, b) => (a.textContent.length >= b.textContent.length ? a : b))
  const extra = longest.cloneNode(true)
  extra.querySelector('a').removeAttribute('aria-current')
  while (ul.children.length < sections) ul.append(extra.cloneNode(true))
  const box = (el) => el.getBoundingClientRect()
  const lis = [...ul.children]
  const current = ul.querySelector('[aria-current="page"]')
  const brand = box(document.querySelector('.admin-brand'))
  const who = box(document.querySelector('.admin-who'))
  const logout = box(document.querySelector('.admin-who button'))
  return {
    entries: lis.length,
    lines: new Set(lis.map((li) => Math.round(box(li).top))).size,
    scrolls: ul.scrollWidth > ul.clientWidth + 1,
    pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
    currentShown: !!current && box(current).left >= box(ul).left - 1 && box(current).right <= box(ul).right + 1,
    brandBesideWho: brand.right <= who.left + 1,
    logoutOneLine: logout.height < 40,
  }
}

describe('inbox: the menu', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  it('holds on one line at 1366 px and scrolls on one line at 375 px, in every language, with thirteen sections', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    await run(binaryPath(), ['staff', 'add', STAFF, '--role', 'admin', '--first-name', 'Annemarie', '--last-name', 'Vandenberghe', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, STAFF))?.[0]
    assert.ok(link, 'a password link')
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
    for (const lang of ['nl', 'fr', 'en', 'de']) {
      for (const width of [1366, 375]) {
        const context = await b.newContext({ storageState: state, viewport: { width, height: 800 }, locale: lang, extraHTTPHeaders: { 'Accept-Language': lang } })
        try {
          // The inbox speaks the language its member chose on their sign-in page, not the browser's.
          const chosen = await context.request.post(server.url + '/admin/account/', { form: { action: 'lang', lang }, headers: { Origin: server.origin } })
          assert.ok(chosen.ok(), `choosing ${lang}: ${chosen.status()}`)
          const page = await context.newPage()
          // The last section (the member's own sign-in page): at 375 px it is off the line's start.
          await page.goto(server.url + '/admin/account/')
          await page.locator('.admin-bar nav [aria-current="page"]').waitFor()
          const m = await page.evaluate(measure, SECTIONS)
          const at = `${lang} at ${width} px: ${JSON.stringify(m)}`
          assert.equal(m.entries, SECTIONS, at)
          assert.equal(m.lines, 1, `the menu is one line, ${at}`)
          assert.equal(m.pageOverflows, false, `the page is no wider than the screen, ${at}`)
          assert.ok(m.currentShown, `the current section is in view, ${at}`)
          assert.ok(m.brandBesideWho && m.logoutOneLine, `the brand, the name and the logout hold on their row, ${at}`)
          assert.equal(m.scrolls, width < 767, width < 767 ? `the menu scrolls sideways on a phone, ${at}` : `the whole menu shows on a desk, ${at}`)
        } finally {
          await context.close()
        }
      }
    }
  })
})
