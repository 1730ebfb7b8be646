// The inbox's second factor and testimonials in Chromium, against the real
// binary: a staff member turns two-step sign-in on (the key read from the
// page, the codes made here as an authenticator app makes them), logs out,
// and logs in again with the password then a fresh code; a visitor's
// testimonial waits, the staff member publishes it in the inbox, and the
// home page shows it at once. The inbox speaks French (the browser's).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(120_000)
const STAFF = 'agent@agency.test'
const PASSWORD = 'correct-horse-42'
const say = (key) => text('fr', 'admin', key)

/** RFC 4648 base32, as TOTP keys are written. */
function base32(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of s.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const bytes = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** The TOTP code of key at step (RFC 6238: HMAC-SHA1, 30 s, six digits). */
function code(key, step) {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const h = createHmac('sha1', base32(key)).update(counter).digest()
  const o = h[h.length - 1] & 0xf
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}
const stepNow = () => Math.floor(Date.now() / 30_000)

describe('inbox: two-step sign-in and testimonials', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()

  it('a staff member turns the second factor on, signs in with it, and publishes a testimonial that the home page shows', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    await run(binaryPath(), ['staff', 'add', STAFF, '--role', 'agent', '--first-name', 'Alex', '--last-name', 'Agent', '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, STAFF))?.[0]
    assert.ok(link, 'a password link')
    const staff = await openContext(await browser.get(), server.origin, { expectedStatus: (_u, status) => status === 422 })
    const visitor = await openContext(await browser.get(), server.origin)
    try {
      const page = await staff.context.newPage()
      await page.goto(server.url + link)
      await page.locator('#login-password').fill(PASSWORD)
      await page.locator('#login-passwordConfirm').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])

      // Two-step sign-in on: the key from the page, the app's first code.
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/account/'), page.locator('nav a', { hasText: say('nav.account') }).click()])
      await page.locator('button', { hasText: say('account.begin') }).click()
      const key = (await page.locator('.admin-secret').innerText()).trim()
      assert.match(key, /^[A-Z2-7 ]{16,}$/, 'the key to type by hand')
      await page.locator('#account-confirm').fill('000000' === code(key, stepNow()) ? '111111' : '000000')
      await page.locator('button', { hasText: say('account.confirm') }).click()
      await page.locator('#account-confirm-error').waitFor() // a wrong code is refused
      const used = stepNow()
      await page.locator('#account-confirm').fill(code(key, used))
      await page.locator('button', { hasText: say('account.confirm') }).click()
      await page.locator('#account-2fa .admin-status', { hasText: say('staff.on') }).waitFor()

      // Out, and in again: the password, then a code of a later step (each
      // code serves once).
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/login/'), page.locator('.admin-who button').click()])
      await page.locator('#login-email').fill(STAFF)
      await page.locator('#login-password').fill(PASSWORD)
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/login/code/'), page.locator('button[type="submit"]').click()])
      while (stepNow() <= used) await new Promise((r) => setTimeout(r, 500))
      await page.locator('#login-code').fill(code(key, stepNow()))
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])

      // A visitor's testimonial: pending, then published from the inbox.
      const comment = `Vendu en trois semaines ${Date.now()}, merci !`
      const vpage = await visitor.context.newPage()
      await vpage.goto(server.url + '/fr/temoignages/')
      const form = vpage.locator('.module-testimonial-form form')
      await waitForHydration(form)
      await form.locator('input[name="firstName"]').fill('Anne')
      await form.locator('input[name="lastName"]').fill('Lambert')
      await form.locator('input[name="email"]').fill('anne.lambert@example.be')
      await form.locator('textarea[name="remark"]').fill(comment)
      await form.locator('input[name="firstName"]').focus()
      await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
      await vpage.waitForFunction(() => !!document.querySelector('.module-testimonial-form form input[name="altcha"]')?.value, null, { timeout: slow(20_000) })
      await Promise.all([vpage.waitForURL((u) => u.pathname === '/fr/merci/temoignage/', { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
      const home = async () => {
        await vpage.goto(server.url + '/fr/')
        return vpage.locator('.module-testimonials').innerText()
      }
      assert.ok(!(await home()).includes(comment), 'a pending testimonial is not shown')

      await page.goto(server.url + '/admin/testimonials/')
      const card = page.locator('li, article', { hasText: comment }).last()
      await card.locator('button', { hasText: say('testimonials.approve') }).click()
      await card.locator('button', { hasText: say('testimonials.approve') }).waitFor({ state: 'detached' })
      assert.ok((await home()).includes(comment), 'the home page shows it at once')
      await staff.settle()
      // The wrong code's answer (422) is one the page expects.
      staff.problems.splice(0, staff.problems.length, ...staff.problems.filter((p) => !/status of 422\b/.test(p)))
      staff.assertClean('the staff member')
      visitor.assertClean('the visitor')
    } finally {
      await staff.close()
      await visitor.close()
    }
  })
})
