// The inbox's pages hold long words in Chromium, against the real binary, in
// the four languages: a visitor's long e-mail address (a lead, its mails, a
// newsletter subscriber) and a staff member's long last name (the staff,
// the leads' "Assigned to" column and filter, the audit log) wrap inside
// their boxes, so no page is wider than the screen at 375, 1024 and 1366 px
// and no table hides a column behind a sideways scroll. On a phone every
// list's card names its cells (the newsletter's too), French with a narrow
// no-break space before the colon; the abuse page's count tables stand
// apart, their captions where their cells' text starts.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(240_000)
const STAFF = 'boss@agency.test'
const PASSWORD = 'correct-horse-42'
// One word each, no hyphen: nothing to break at but the letters.
const LONG_NAME = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft'
const LONG_EMAIL = 'jeanbaptiste.vandenberghedelarochefontaine@immobiliervandenberghedelarocheconsulting.example.be'
const LONG_SUBSCRIBER = 'mariechristine.vanderstraetenponthoz@bureaunotarialvanderstraetenponthoz.example.be'

/** What overflows on the page: the document, each table's box (a sideways scroll), each select past its form. */
function overflows() {
  const out = []
  if (document.documentElement.scrollWidth > window.innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`)
  for (const w of document.querySelectorAll('.admin-table-wrap')) {
    if (w.scrollWidth > w.clientWidth + 1) out.push(`a table scrolls sideways (${w.scrollWidth} in ${w.clientWidth} px)`)
  }
  for (const s of document.querySelectorAll('main select')) {
    const form = s.closest('form').getBoundingClientRect()
    if (s.getBoundingClientRect().right > form.right + 1) out.push(`select ${s.name} passes its form`)
  }
  return out
}

/** The phone cards' cells without a name, and the name each labelled cell shows (its ::before). */
function cardLabels() {
  const cells = [...document.querySelectorAll('.admin-rows tbody td')].filter((td) => td.textContent.trim() !== '')
  return {
    unlabelled: cells.filter((td) => !td.dataset.label).length,
    shown: cells.filter((td) => td.dataset.label).map((td) => getComputedStyle(td, '::before').content),
  }
}

/** The abuse page's count tables: the gaps between them, and how far each caption starts from its cells' text. */
function tallies() {
  const wraps = [...document.querySelectorAll('.admin-tally')].map((t) => t.closest('.admin-table-wrap'))
  const gaps = wraps.slice(1).map((w, i) => w.getBoundingClientRect().top - wraps[i].getBoundingClientRect().bottom)
  const offsets = [...document.querySelectorAll('.admin-tally')].map((t) => {
    const text = (el) => {
      const r = document.createRange()
      r.selectNodeContents(el)
      return r.getClientRects()[0]?.left ?? el.getBoundingClientRect().left
    }
    const cell = t.querySelector('tbody th, tbody td')
    return Math.round(text(t.querySelector('caption')) - text(cell))
  })
  return { tables: wraps.length, gaps, offsets }
}

describe('inbox: long words', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  it('wrap inside every page at 375, 1024 and 1366 px in the four languages', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const bin = binaryPath()
    await run(bin, ['staff', 'add', STAFF, '--role', 'admin', '--first-name', 'Ann', '--last-name', 'Boss', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    await run(bin, ['staff', 'add', 'long@agency.test', '--role', 'agent', '--first-name', 'Maximiliane', '--last-name', LONG_NAME, '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, STAFF))?.[0]
    assert.ok(link, 'a password link')

    // A visitor with a long address sends the contact form and subscribes to the newsletter.
    const visitor = await openContext(await browser.get(), server.origin)
    try {
      const vpage = await visitor.context.newPage()
      await vpage.goto(server.url + '/fr/contact/')
      const form = vpage.locator('.module-contact form')
      await waitForHydration(form)
      await form.locator('input[name="title"][value="ms"]').check()
      await form.locator('input[name="firstName"]').fill('Anne')
      await form.locator('input[name="lastName"]').fill('Dupont')
      await form.locator('input[name="email"]').fill(LONG_EMAIL)
      await form.locator('input[name="phone"]').fill('0471 23 45 67')
      await form.locator('textarea[name="remark"]').fill('Pourriez-vous me rappeler ?')
      await vpage.waitForFunction(() => !!document.querySelector('.module-contact form input[name="altcha"]')?.value, null, { timeout: slow(30_000) })
      await Promise.all([vpage.waitForURL((u) => !u.pathname.startsWith('/fr/contact/'), { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
      await vpage.goto(server.url + '/fr/a-vendre/')
      const box = vpage.locator('footer #newsletter form')
      await waitForHydration(box)
      await box.locator('input[name="email"]').fill(LONG_SUBSCRIBER)
      await Promise.all([vpage.waitForURL((u) => u.pathname === '/fr/merci/newsletter/', { timeout: slow(15_000) }), box.locator('button[type="submit"]').click()])
      visitor.assertClean('the visitor')
    } finally {
      await visitor.close()
    }

    // The admin chooses a password and gives the lead to the member with the long name; someone guesses at the login.
    const staff = await openContext(await browser.get(), server.origin)
    let state, lead
    try {
      const page = await staff.context.newPage()
      await page.goto(server.url + link)
      await page.locator('#login-password').fill(PASSWORD)
      await page.locator('#login-passwordConfirm').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])
      const row = page.locator('.admin-table tbody tr', { hasText: 'Dupont' })
      await Promise.all([page.waitForURL(/\/admin\/leads\/\d+\/$/), row.locator('a').first().click()])
      lead = new URL(page.url()).pathname
      await page.locator('select[name="assignee"]').selectOption({ label: `Maximiliane ${LONG_NAME}` })
      await page.locator('.admin-work form', { has: page.locator('select[name="assignee"]') }).locator('button').click()
      await page.locator('main li', { hasText: LONG_NAME }).waitFor() // the history's line
      state = await staff.context.storageState()
      staff.assertClean('the staff member')
    } finally {
      await staff.close()
    }
    const guesser = await (await browser.get()).newContext()
    const answers = []
    for (let i = 0; i < 7; i++) {
      const answer = await guesser.request.post(server.url + '/admin/login/', { form: { email: STAFF, password: `guess ${i}` }, headers: { Origin: server.origin } })
      answers.push(answer.status())
    }
    await guesser.close()
    // The guesses are what the abuse page counts: refused (422), then held at the brake (429).
    assert.ok(answers.includes(429) && answers.every((s) => s === 422 || s === 429), `the guesses' answers: ${answers.join(', ')}`)

    const b = await browser.get()
    for (const lang of ['nl', 'fr', 'en', 'de']) {
      for (const width of [375, 1024, 1366]) {
        const context = await b.newContext({ storageState: state, viewport: { width, height: 800 }, locale: lang, extraHTTPHeaders: { 'Accept-Language': lang } })
        try {
          // The inbox speaks the language its member chose on their sign-in page, not the browser's.
          const chosen = await context.request.post(server.url + '/admin/account/', { form: { action: 'lang', lang }, headers: { Origin: server.origin } })
          assert.ok(chosen.ok(), `choosing ${lang}: ${chosen.status()}`)
          const page = await context.newPage()
          for (const path of ['/admin/leads/', lead, '/admin/staff/', '/admin/audit/', '/admin/newsletter/', '/admin/abuse/']) {
            await page.goto(server.url + path)
            await page.locator('main h1').waitFor()
            const at = `${path} in ${lang} at ${width} px`
            assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `the document's language, ${at}`)
            assert.deepEqual(await page.evaluate(overflows), [], `nothing wider than its box, ${at}`)
            if (path === lead) assert.equal(await page.locator('.admin-mails li', { hasText: LONG_EMAIL }).count(), 1, `the visitor's mail, ${at}`)
            if (width === 375 && path === '/admin/newsletter/') {
              const cards = await page.evaluate(cardLabels)
              assert.equal(cards.unlabelled, 0, `every card cell says what it is, ${at}`)
              assert.ok(cards.shown.length >= 5, `the subscriber's cells, ${at}`)
              for (const c of cards.shown) {
                assert.match(c, lang === 'fr' ? /\u202F: "$/ : /[^\u202F ]: "$/, `the label's colon in ${lang}: ${c}`)
              }
            }
            if (path === '/admin/abuse/') {
              const t = await page.evaluate(tallies)
              assert.equal(t.tables, 3, `the three count tables, ${at}`)
              assert.ok(t.gaps.every((g) => g >= 12), `the count tables stand apart (${t.gaps}), ${at}`)
              assert.ok(t.offsets.every((o) => Math.abs(o) <= 1), `each caption starts with its cells' text (${t.offsets}), ${at}`)
            }
          }
        } finally {
          await context.close()
        }
      }
    }
  })
})
