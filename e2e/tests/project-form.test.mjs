// The project request (`contact-construction`) in Chromium, against the real
// binary: on a project page in nl and fr with JavaScript, a unit's request link
// in the price list scrolls to the form with that unit chosen; a failed
// submit shows the fields in red and keeps the unit; a good one (the ALTCHA
// widget solved in the browser) posts the unit and lands on the thank-you page.
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'
import { text } from '../lib/texts.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(60_000)

const PROJECT = (lang) => `/${lang}/project/?id=5200002`
const THANKS = { nl: '/nl/feedback/contact-construction/', fr: '/fr/merci/contact-construction/' }
const REMARK = { nl: 'Is er een terras?', fr: 'Y a-t-il une terrasse ?' }
const FORM = '#contact form'
const UNIT = 'A.2.1' // an available unit of the demo project

describe('the project request', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  for (const lang of ['nl', 'fr']) it(`${lang}: a unit of the price list, refused then sent`, { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin, { expectedStatus: (_url, status) => status === 422 })
    contexts.push(ctx)
    const page = await ctx.context.newPage()
    try {
      const res = await page.goto(server.url + PROJECT(lang))
      assert.equal(res.status(), 200)
      const form = page.locator(FORM)
      await waitForHydration(form)
      assert.equal(await form.getAttribute('action'), `${PROJECT(lang)}#contact`)
      assert.equal(await form.locator('[name="projectId"]').count(), 0, 'the server takes the project from the page')

      const row = page.locator('table.units tbody tr', { has: page.locator('th', { hasText: UNIT }) })
      await row.locator('a.unit-request').click()
      await page.waitForFunction(() => location.hash === '#contact')
      assert.ok(await form.isVisible())
      assert.equal(await form.locator('select[name="unit"]').inputValue(), UNIT, 'the unit is chosen')

      await form.locator('input[name="firstName"]').fill('Anne')
      await form.locator('button[type="submit"]').click()
      const summary = form.locator('.vf-summary')
      await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
      assert.match(await summary.innerText(), new RegExp(text(lang, 'forms', 'error.summary').replace(/[.?]/g, '\\$&')))
      assert.equal(await form.locator('input[name="lastName"]').getAttribute('aria-invalid'), 'true', 'last name in red')
      assert.equal(await form.locator('input[name="firstName"]').inputValue(), 'Anne', 'what was typed is kept')
      assert.equal(await form.locator('select[name="unit"]').inputValue(), UNIT, 'the unit is kept')

      await form.locator('input[name="title"][value="ms"]').check()
      await form.locator('input[name="lastName"]').fill('Dupont')
      await form.locator('input[name="email"]').fill('anne.dupont@example.be')
      await form.locator('input[name="phone"]').fill('0471 23 45 67')
      await form.locator('textarea[name="remark"]').fill(REMARK[lang])
      await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
      await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
      await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, FORM, { timeout: slow(20_000) })

      const [post] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST', { timeout: slow(15_000) }),
        page.waitForURL((u) => u.pathname === THANKS[lang], { timeout: slow(15_000) }),
        form.locator('button[type="submit"]').click(),
      ])
      assert.ok((post.postData() ?? '').includes(UNIT), `the unit is posted: ${post.postData()}`)
      await waitForText(page.locator('main h1'), [text(lang, 'thankYou', 'title')], 'the thank-you page')

      await ctx.settle()
      const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)
      ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
      ctx.assertClean('project request')
    } catch (err) {
      err.message += `\nat ${page.url()}\n${ctx.problems.join('\n')}\n${server.warnings().slice(-3).join('\n')}`
      throw err
    } finally {
      await page.close()
    }
  })
})
