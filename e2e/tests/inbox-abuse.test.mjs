// The inbox's abuse page in Chromium, against the real binary: a visitor
// without JavaScript guesses an owner's password until the site locks them
// out; a staff member finds them on the abuse page (by the address they
// typed), releases them, and the visitor's next try is tried again rather
// than refused; logged out, the back button shows no inbox page. The
// inbox and the site speak French (the browser's).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(90_000)
const STAFF = 'agent@agency.test'
const PASSWORD = 'correct-horse-42'
const GUESSED = 'proprietaire@example.be'
const say = (key) => text('fr', 'admin', key)

describe('inbox: abuse', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  it('a visitor locked out of the owners\' login is found on the abuse page, released, and may try again', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    await run(binaryPath(), ['staff', 'add', STAFF, '--role', 'agent', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, STAFF))?.[0]
    assert.ok(link, 'a password link')
    const visitor = await openContext(await browser.get(), server.origin, { javaScriptEnabled: false, expectedStatus: (_u, status) => status === 422 })
    const staff = await openContext(await browser.get(), server.origin)
    try {
      // Five wrong passwords, then the lock (the form posts without JavaScript).
      const vpage = await visitor.context.newPage()
      const guess = async () => {
        await vpage.goto(server.url + '/fr/login/')
        const form = vpage.locator('form[action="/fr/login/"]')
        await form.locator('input[name="email"]').fill(GUESSED)
        await form.locator('input[name="password"]').fill('une supposition')
        await Promise.all([vpage.waitForLoadState('load'), form.locator('button[type="submit"]').click()])
        return vpage.locator('main').innerText()
      }
      for (let i = 0; i < 5; i++) assert.ok((await guess()).includes(text('fr', 'account', 'error.login')), `guess ${i + 1} refused as wrong`)
      assert.ok((await guess()).includes(text('fr', 'account', 'error.locked')), 'the sixth is locked out')

      // The staff member sees who is held, searches them, releases them.
      const page = await staff.context.newPage()
      await page.goto(server.url + link)
      await page.locator('#login-password').fill(PASSWORD)
      await page.locator('#login-passwordConfirm').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/abuse/'), page.locator('nav a', { hasText: say('nav.abuse') }).click()])
      const held = page.locator('tr', { hasText: GUESSED })
      await held.waitFor()
      assert.ok((await held.innerText()).includes(say('abuse.reason.login-account-ip')), 'the limit in the staff\'s words')
      assert.ok((await page.locator('main').innerText()).includes(say('abuse.reason.login-account-ip')), 'the refusal counted')
      await page.locator('input[name="q"]').fill('proprietaire@')
      await Promise.all([page.waitForURL((u) => u.searchParams.get('q') === 'proprietaire@'), page.locator('form[role="search"] button[type="submit"]').click()])
      await held.locator('button', { hasText: say('abuse.release') }).click()
      await page.locator('[role="status"]', { hasText: say('abuse.done.release') }).waitFor()
      await held.waitFor({ state: 'detached' })

      // Released: the next wrong password is said wrong, not locked.
      assert.ok((await guess()).includes(text('fr', 'account', 'error.login')), 'tried again after the release')

      // Logged out, the back button shows no page of the inbox: the router
      // asks the server again, which sends the login.
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/login/'), page.locator('.admin-who button').click()])
      await page.goBack()
      await page.waitForURL((u) => u.pathname === '/admin/login/')
      await page.locator('#login-email').waitFor()
      assert.equal(await page.locator('text=' + GUESSED).count(), 0, 'no held address after the logout')
      await staff.settle()
      // The refused logins' answers (422) are ones the visitor's page expects.
      visitor.problems.splice(0, visitor.problems.length, ...visitor.problems.filter((p) => !/status of 422\b/.test(p)))
      staff.assertClean('the staff member')
      visitor.assertClean('the visitor')
    } finally {
      await staff.close()
      await visitor.close()
    }
  })
})
