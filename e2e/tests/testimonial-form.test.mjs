// The testimonial form in Chromium against the real binary, in Dutch and
// French: on the testimonial page (reached from the home testimonials
// module's "Share your experience"), a failed submit shows the fields in
// red and the summary and keeps what was typed; a good one (with a picture,
// the ALTCHA widget solved in the browser) lands on the thank-you page. The
// testimonial waits, shown nowhere, until `immo testimonials approve ID`:
// then the running server shows it on the home page within seconds (it
// reloads on the version change), its picture served at its signed address
// and its website linked rel="nofollow ugc noopener". axe finds no serious
// problem on the refused form nor on the home page.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { after, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { assertAccessible } from '../lib/axe.mjs'
import { needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(90_000)

const PAGE = { nl: '/nl/getuigenissen/', fr: '/fr/temoignages/' }
const THANKS = { nl: '/nl/feedback/testimonial/', fr: '/fr/merci/temoignage/' }
const FORM = '.module-testimonial-form form'
// A 1×1 PNG: the server checks it by its content and shrinks it to a JPEG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

const run = promisify(execFile)

describe('testimonial form', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  let ctx

  after(async () => {
    await ctx?.close().catch(() => {})
  })

  const immo = async (...args) => (await run(binaryPath(), ['testimonials', '--data-dir', server.dataDir, ...args], { timeout: slow(20_000) })).stdout

  for (const lang of ['nl', 'fr']) {
    it(`${lang}: from the home page, refused then sent, shown once approved`, { timeout: TIMEOUT, skip }, async () => {
      await server.start()
      ctx ??= await openContext(await browser.get(), server.origin, { expectedStatus: (_url, status) => status === 422 })
      const page = await ctx.context.newPage()
      const comment = `${lang}: ${Date.now()} — ${lang === 'nl' ? 'Vlot verkocht, dank u!' : 'Vendu vite, merci !'}`
      try {
        await page.goto(server.url + `/${lang}/`)
        const invite = page.locator(`.module-testimonials a[href="${PAGE[lang]}"]`)
        assert.equal((await invite.innerText()).trim(), text(lang, 'testimonial', 'write'))
        await Promise.all([page.waitForURL((u) => u.pathname === PAGE[lang], { timeout: slow(10_000) }), invite.click()])
        const form = page.locator(FORM)
        await waitForHydration(form)
        assert.equal(await form.getAttribute('action'), `${PAGE[lang]}#testimonial`)

        // Refused: names and email missing, a website that is not a web address.
        await form.locator('input[name="firstName"]').fill('Anne')
        await form.locator('input[name="website"]').fill('www.anne.be')
        await form.locator('textarea[name="remark"]').fill(comment)
        await form.locator('button[type="submit"]').click()
        const summary = form.locator('.vf-summary')
        await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
        assert.match(await summary.innerText(), new RegExp(text(lang, 'forms', 'error.summary').replace(/[.?]/g, '\\$&')))
        for (const name of ['lastName', 'email', 'website']) {
          assert.equal(await form.locator(`input[name="${name}"]`).getAttribute('aria-invalid'), 'true', `${name} in red`)
        }
        const website = form.locator('input[name="website"]')
        const describedBy = await website.getAttribute('aria-describedby')
        assert.equal((await page.locator(`[id="${describedBy}"]`).innerText()).trim(), text(lang, 'forms', 'error.url'))
        assert.equal(await form.locator('input[name="firstName"]').inputValue(), 'Anne', 'what was typed is kept')
        assert.equal(await form.locator('textarea[name="remark"]').inputValue(), comment, 'what was typed is kept')
        await assertAccessible(page, `${lang} testimonial page, refused`)

        // Sent.
        await form.locator('input[name="lastName"]').fill('Lambert')
        await form.locator('input[name="email"]').fill('anne.lambert@example.be')
        await website.fill('https://anne.example.be/')
        await form.locator('select[name="aboutYou"]').selectOption('seller')
        await form.locator('input[name="picture"]').setInputFiles({ name: 'anne.png', mimeType: 'image/png', buffer: PNG })
        await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
        await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
        await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, FORM, { timeout: slow(20_000) })
        await Promise.all([page.waitForURL((u) => u.pathname === THANKS[lang], { timeout: slow(15_000) }), form.locator('button[type="submit"]').click()])
        await waitForText(page.locator('main h1'), [text(lang, 'thankYou', 'title')], 'the thank-you page')
        await waitForText(page.locator('main'), [text(lang, 'testimonial', 'thanks')], 'the thank-you message')

        // Pending: listed for the agency, shown nowhere.
        const pending = (await immo('list', '--pending')).split('\n').find((r) => r.includes(`${lang}: `) && r.includes('Anne L.'))
        assert.ok(pending, `immo testimonials list --pending lists it:\n${await immo('list')}`)
        const id = pending.trim().split(/\s+/)[0]
        const home = async () => {
          const res = await page.goto(server.url + `/${lang}/`)
          assert.equal(res.status(), 200)
          return page.locator('.module-testimonials').innerText()
        }
        assert.ok(!(await home()).includes(comment), 'a pending testimonial is not shown')

        // Approved: the running server shows it within seconds.
        assert.match(await immo('approve', id), /approved/)
        let shown = false
        for (let i = 0; i < 20 && !shown; i++) {
          shown = (await home()).includes(comment)
          if (!shown) await new Promise((r) => setTimeout(r, 1_000))
        }
        assert.ok(shown, 'the approved testimonial is on the home page')
        const figure = page.locator('.module-testimonials figure', { hasText: comment })
        const link = figure.locator('a[href="https://anne.example.be/"]')
        assert.equal(await link.getAttribute('rel'), 'nofollow ugc noopener')
        assert.equal((await link.innerText()).trim(), 'Anne L.')
        await waitForText(figure, [text(lang, 'testimonial', 'about.seller')], 'what the author was')
        const src = await figure.locator('img.testimonial-picture').getAttribute('src')
        assert.match(src, /^\/testimonial-picture\/\d+-[0-9a-f]{32}\.jpg/)
        await assertAccessible(page, `${lang} home page with the approved testimonial`)
        const picture = await page.request.get(server.url + src)
        assert.equal(picture.status(), 200)
        assert.equal(picture.headers()['content-type'], 'image/jpeg')
        await ctx.settle()
        const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)
        ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
        ctx.assertClean(`${lang} testimonial`)
      } catch (err) {
        err.message += `\nat ${page.url()}` + (ctx.problems.length ? `\nbrowser problems:\n  ${ctx.problems.join('\n  ')}` : '')
        const warnings = server.warnings()
        if (warnings.length) err.message += `\nserver warnings:\n  ${warnings.slice(-3).join('\n  ')}`
        throw err
      } finally {
        ctx.problems.length = 0
        await page.close()
      }
    })
  }
})
