// The free valuation (`contact-demand`) and the newsletter in Chromium,
// against the real binary, with JavaScript. The valuation in fr and en: a
// failed submit shows the fields in red and the summary and keeps what was
// typed; a good one (the ALTCHA widget solved in the browser) lands on the
// thank-you page. The newsletter: the footer's sign-up in fr (refused, then
// sent), its confirmation link taken from the queued mail (`immo mail
// --text`) confirms once; the unsubscribe page in en.
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { useServer } from '../lib/server.mjs'
import { text } from '../lib/texts.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(60_000)
const FORM = '#valuation form'

const CASES = [
  { lang: 'fr', page: '/fr/estimation-gratuite/', thanks: '/fr/merci/estimation-gratuite/', city: 'Arlon', type: 'Appartement' },
  { lang: 'en', page: '/en/contact-demand/', thanks: '/en/feedback/contact-demand/', city: 'Messancy', type: 'Apartment' },
]

describe('the free valuation', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  for (const c of CASES) {
    it(`${c.lang}: refused, then sent`, { timeout: TIMEOUT, skip }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin, { expectedStatus: (_url, status) => status === 422 })
      contexts.push(ctx)
      const page = await ctx.context.newPage()
      try {
        const res = await page.goto(server.url + c.page)
        assert.equal(res.status(), 200)
        await waitForText(page.locator('main h1'), [text(c.lang, 'valuation', 'title')], 'the valuation page')
        const form = page.locator(FORM)
        await waitForHydration(form)

        // Street and zip left empty: refused by the browser's check, then by the server's.
        await form.locator('input[name="firstName"]').fill('Luc')
        await form.locator('input[name="city"]').fill(c.city)
        await form.locator('button[type="submit"]').click()
        const summary = form.locator('.vf-summary')
        await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
        assert.match(await summary.innerText(), new RegExp(text(c.lang, 'forms', 'error.summary').replace(/[.?]/g, '\\$&')))
        for (const name of ['street', 'zip', 'lastName']) {
          assert.equal(await form.locator(`input[name="${name}"]`).getAttribute('aria-invalid'), 'true', `${name} in red`)
        }
        assert.equal(await form.locator('input[name="firstName"]').inputValue(), 'Luc', 'what was typed is kept')
        assert.equal(await form.locator('input[name="city"]').inputValue(), c.city, 'what was typed is kept')

        await form.locator('input[name="title"][value="mr"]').check()
        await form.locator('input[name="lastName"]').fill('Dupont')
        await form.locator('input[name="email"]').fill('luc.dupont@example.be')
        await form.locator('input[name="phone"]').fill('0471 23 45 67')
        await form.locator('input[name="street"]').fill('Rue de Diekirch 12')
        await form.locator('input[name="zip"]').fill('6700')
        await form.locator('input[name="goal"][value="sale"]').check()
        await form.locator('select[name="propertyType"]').selectOption(c.type)
        await form.locator('select[name="contactTime"]').selectOption('evening')
        await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
        await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
        await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, FORM, { timeout: slow(20_000) })

        const [post] = await Promise.all([
          page.waitForRequest((r) => r.method() === 'POST', { timeout: slow(15_000) }),
          page.waitForURL((u) => u.pathname === c.thanks, { timeout: slow(15_000) }),
          form.locator('button[type="submit"]').click(),
        ])
        const sent = post.postData() ?? ''
        for (const v of ['Rue de Diekirch 12', c.type, c.city]) assert.ok(sent.includes(v), `${v} is posted: ${sent}`)
        await waitForText(page.locator('main h1'), [text(c.lang, 'thankYou', 'title')], 'the thank-you page')

        await ctx.settle()
        const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)
        ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
        ctx.assertClean(`valuation ${c.lang}`)
      } catch (err) {
        err.message += `\nat ${page.url()}\n${ctx.problems.join('\n')}\n${server.warnings().slice(-3).join('\n')}`
        throw err
      } finally {
        await page.close()
      }
    })
  }
})

describe('the newsletter', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let ctx

  after(async () => {
    await ctx?.close().catch(() => {})
  })

  it('fr: the footer sign-up, refused then sent, confirmed by the mailed link once; en: the unsubscribe page', { timeout: slow(90_000), skip }, async () => {
    await server.start()
    ctx = await openContext(await browser.get(), server.origin, { expectedStatus: (_url, status) => status === 422 || status === 404 })
    const page = await ctx.context.newPage()
    try {
      assert.equal((await page.goto(server.url + '/fr/a-vendre/')).status(), 200)
      const form = page.locator('footer #newsletter form')
      await waitForHydration(form)
      const email = form.locator('input[name="email"]')
      await email.fill('claire@')
      await form.locator('button[type="submit"]').click()
      const error = form.locator('.newsletter-error')
      await waitForText(error, [text('fr', 'forms', 'error.email')], 'the error under the field')
      assert.equal(await email.getAttribute('aria-invalid'), 'true', 'the field in red')
      assert.equal(await email.inputValue(), 'claire@', 'what was typed is kept')
      assert.equal(new URL(page.url()).pathname, '/fr/a-vendre/', 'still on the page')

      await email.fill('claire.martin@example.be')
      await Promise.all([page.waitForURL((u) => u.pathname === '/fr/merci/newsletter/', { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
      await waitForText(page.locator('main'), [text('fr', 'thankYou', 'newsletter')], 'the thank-you page asks to confirm')

      const mail = await mailTo(server, 'claire.martin@example.be')
      const confirm = /https?:\/\/\S+\/fr\/newsletter\/confirm\/\?token=[\w-]{43}/.exec(mail)?.[0]
      assert.ok(confirm, `no confirmation link in the mail:\n${mail}`)
      assert.match(mail, /\/fr\/unsubscribe\/\?token=[\w-]{43}/, 'the mail carries the unsubscribe link')
      const link = new URL(confirm)
      const res = await page.goto(server.url + link.pathname + link.search)
      assert.equal(res.status(), 200)
      await waitForText(page.locator('main'), [text('fr', 'newsletter', 'confirmed')], 'confirmed')
      assert.equal((await page.goto(server.url + link.pathname + link.search)).status(), 404, 'a used link')
      await waitForText(page.locator('main'), [text('fr', 'newsletter', 'unknown')], 'the used link says so')

      // en: the unsubscribe page asks for an address and answers the same for anyone.
      assert.equal((await page.goto(server.url + '/en/unsubscribe/')).status(), 200)
      const ask = page.locator('main form')
      await ask.locator('input[name="email"]').fill('nobody@')
      await Promise.all([page.waitForLoadState('load'), ask.locator('button[type="submit"]').click()])
      await waitForText(page.locator('main [role="alert"]'), [text('en', 'forms', 'error.email')], 'the error')
      assert.equal(await page.locator('main input[name="email"]').inputValue(), 'nobody@', 'what was typed is kept')
      await page.locator('main input[name="email"]').fill('claire.martin@example.be')
      await Promise.all([page.waitForURL((u) => u.search === '?sent', { timeout: slow(15_000) }), page.locator('main form button[type="submit"]').click()])
      await waitForText(page.locator('main'), [text('en', 'newsletter', 'sent')], 'the link was sent')
      const unsub = /https?:\/\/\S+\/fr\/unsubscribe\/\?token=[\w-]{43}/.exec(await mailTo(server, 'claire.martin@example.be'))?.[0]
      assert.ok(unsub, 'the unsubscribe link mailed (in the subscriber\'s language)')
      const u = new URL(unsub)
      await page.goto(server.url + u.pathname + u.search)
      await waitForText(page.locator('main'), [text('fr', 'newsletter', 'confirm')], 'a button, not a done deed')
      await Promise.all([page.waitForLoadState('load'), page.locator('main form button[type="submit"]').click()])
      await waitForText(page.locator('main'), [text('fr', 'newsletter', 'unsubscribed')], 'unsubscribed')

      await ctx.settle()
      const expected = (p) => /console error: Failed to load resource: .* status of (422|404)\b/.test(p)
      ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !expected(p)))
      ctx.assertClean('newsletter')
    } catch (err) {
      err.message += `\nat ${page.url()}\n${ctx.problems.join('\n')}\n${server.warnings().slice(-3).join('\n')}`
      throw err
    } finally {
      await page.close()
    }
  })
})
