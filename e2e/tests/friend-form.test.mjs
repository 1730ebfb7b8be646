// Send to a friend on the property page, in Chromium against the real
// binary (en and de, with JavaScript): the contact box's "Send to a friend" opens
// the disclosure; a friend's address that is not one is refused with its
// own message, what was typed kept; a good submit (the ALTCHA widget solved
// in the browser) lands on the thank-you page, and `immo mail` lists the
// mail queued for the friend (no SMTP server: it waits in the queue).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { after, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(60_000)

const PROPERTY = (lang) => `/${lang}/property/4100001/`
const THANKS = (lang) => `/${lang}/feedback/send-to-friend/`
const FRIEND = { en: 'bob.martin@example.org', de: 'jonas.weber@example.org' }
const FRIEND_FORM = '#friend form'

const run = promisify(execFile)

describe('send to a friend', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  for (const lang of ['en', 'de']) it(`${lang}: opened from the contact box, refused then sent, the friend's mail queued`, { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    // A refused post (422) is the answer asked for, not a problem.
    const ctx = await openContext(await browser.get(), server.origin, { expectedStatus: (_url, status) => status === 422 })
    contexts.push(ctx)
    const page = await ctx.context.newPage()
    try {
      const res = await page.goto(server.url + PROPERTY(lang))
      assert.equal(res.status(), 200)
      const form = page.locator(FRIEND_FORM)
      await waitForHydration(page.locator('#contact form'))
      assert.equal(await form.isVisible(), false, 'closed until asked for')
      await page.locator('.contact-box a[href="?open=send-to-friend#friend"]').click()
      await form.waitFor({ state: 'visible', timeout: slow(5_000) })
      // SPEC's /{lang}/property/{id}/ leads to the pretty address, the page's own, where the form posts.
      const own = new URL(page.url()).pathname
      assert.match(own, /^\/\w\w\/[^/]+\/arlon\/[^/]+\/4100001\/$/)
      assert.equal(await form.getAttribute('action'), `${own}#friend`)
      assert.equal(await form.locator('[name="propertyId"]').count(), 0, 'the server takes the property from the page')

      // The bad address first: its error shows when it loses the focus, not under the click on the button.
      await form.locator('input[name="friendEmail"]').fill('bob@')
      await form.locator('input[name="friendFirstName"]').fill('Bob')
      await form.locator('input[name="firstName"]').fill('Anne')
      await form.locator('input[name="lastName"]').fill('Dupont')
      await form.locator('input[name="email"]').fill('anne.dupont@example.be')
      await form.locator('button[type="submit"]').click()
      const summary = form.locator('.vf-summary')
      await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
      const friendEmail = form.locator('input[name="friendEmail"]')
      assert.equal(await friendEmail.getAttribute('aria-invalid'), 'true', "the friend's email in red")
      const describedBy = await friendEmail.getAttribute('aria-describedby')
      assert.equal((await page.locator(`[id="${describedBy}"]`).innerText()).trim(), text(lang, 'forms', 'error.friendEmail'))
      assert.equal(await form.locator('input[name="lastName"]').inputValue(), 'Dupont', 'what was typed is kept')

      await friendEmail.fill(FRIEND[lang])
      await form.locator('textarea[name="remark"]').fill('Have a look at this one!')
      await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
      await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
      await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, FRIEND_FORM, { timeout: slow(20_000) })
      await Promise.all([page.waitForURL((u) => u.pathname === THANKS(lang), { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
      await waitForText(page.locator('main h1'), [text(lang, 'thankYou', 'title')], 'the thank-you page')
      await ctx.settle()
      const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)
      ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
      ctx.assertClean('send to a friend')
    } catch (err) {
      err.message += `\nat ${page.url()}` + (ctx.problems.length ? `\nbrowser problems:\n  ${ctx.problems.join('\n  ')}` : '')
      const warnings = server.warnings()
      if (warnings.length) err.message += `\nserver warnings:\n  ${warnings.slice(-3).join('\n  ')}`
      throw err
    } finally {
      await page.close()
    }

    const { stdout } = await run(binaryPath(), ['mail', '--data-dir', server.dataDir, '--limit', '1000'], { timeout: slow(20_000) })
    assert.ok(stdout.includes(FRIEND[lang]), `the friend's mail is queued:\n${stdout}`)
    assert.ok(!stdout.split('\n').some((r) => r.includes('anne.dupont@example.be') && !r.includes('bob')), `no confirmation to the sender:\n${stdout}`)
  })

  it("fr: a disclosure opened while the page's scripts still load shows its form once they have, without a page load", { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    contexts.push(ctx)
    const page = await ctx.context.newPage()
    try {
      // A slow phone: every script a moment late, so the visitor is first.
      const late = async (route) => {
        await new Promise((r) => setTimeout(r, 1500))
        await route.continue().catch(() => {})
      }
      await page.route('**/assets/*.js', late)
      let documents = 0
      page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && documents++)
      assert.equal((await page.goto(server.url + PROPERTY('fr'), { waitUntil: 'domcontentloaded' })).status(), 200)
      documents = 0 // the page and its redirect from /fr/property/{id}/
      await page.locator('#friend > summary').click()
      assert.notEqual(await page.locator('#friend').getAttribute('open'), null, 'it opens at once (the browser does)')
      await page.unroute('**/assets/*.js', late)
      await page.locator(FRIEND_FORM).waitFor({ state: 'visible', timeout: slow(20_000) })
      assert.equal(await page.locator('#friend .disclosure-open').count(), 0, 'the form stands where the link was')
      assert.equal(documents, 0, 'no page load')
      await ctx.settle()
      ctx.assertClean('friend form opened early')
    } catch (err) {
      err.message += `\nat ${page.url()}` + (ctx.problems.length ? `\nbrowser problems:\n  ${ctx.problems.join('\n  ')}` : '')
      throw err
    } finally {
      await page.close()
    }
  })
})
