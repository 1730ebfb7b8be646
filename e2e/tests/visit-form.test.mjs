// The visit form on the property page, in Chromium against the real binary
// (the demo agenda: one visit a slot, from tomorrow). de: a refused submit
// shows the summary and the fields in red and keeps what was typed, the
// chosen slot too. nl: two visitors race for the same slot in two
// browsers: the first is booked (thank-you page, the confirmation queued),
// the second is told "De afspraken zijn volzet" with the form kept, and
// the slot is no longer offered; then the cancel link of the first's
// confirmation (read from the queued mail) frees it, once.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { after, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, unfold, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { mailTo } from '../lib/mail.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(90_000)
const FORM = '#visit form'
const run = promisify(execFile)
const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)

/** Fills the person's fields of the visit form. */
async function fillPerson(form, { first, last, email }) {
  await form.locator('input[name="title"][value="ms"]').check()
  await form.locator('input[name="firstName"]').fill(first)
  await form.locator('input[name="lastName"]').fill(last)
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="phone"]').fill('0471 23 45 67')
}

/** Waits until the ALTCHA widget has solved its challenge. */
async function solved(page, form) {
  await form.locator('input[name="firstName"]').focus() // the widget loads when the visitor turns to the form
  await form.locator('altcha-widget').waitFor({ state: 'attached', timeout: slow(10_000) })
  await page.waitForFunction((sel) => !!document.querySelector(sel)?.querySelector('input[name="altcha"]')?.value, FORM, { timeout: slow(30_000) })
}

/** The slot values the page offers. */
const offered = (page) => page.locator(`${FORM} input[name="slot"]`).evaluateAll((els) => els.map((e) => e.value))

describe('the visit form', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  /** A page in a context of its own; statuses are the answers expected besides 2xx and 3xx. */
  async function newPage(statuses = [422]) {
    const ctx = await openContext(await browser.get(), server.origin, { expectedStatus: (_url, status) => statuses.includes(status) })
    contexts.push(ctx)
    return { ctx, page: await ctx.context.newPage() }
  }

  it('de: a refused submit shows the fields in red and keeps the values and the slot', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const { ctx, page } = await newPage()
    try {
      const res = await page.goto(server.url + '/de/property/4100003/')
      assert.equal(res.status(), 200)
      const form = page.locator(FORM)
      await waitForHydration(page.locator('#contact form'))
      // Closed until asked for, and not rendered: the contact box's "book a visit" opens it.
      assert.equal(await form.count(), 0, 'the form waits behind its summary')
      assert.equal((await page.locator('#visit > summary').innerText()).trim(), text('de', 'visit', 'title'))
      await page.locator('.contact-box a[href="?open=contact-appointment#visit"]').click()
      await form.waitFor({ state: 'visible', timeout: slow(5_000) })
      const slots = await offered(page)
      assert.ok(slots.length > 0, 'free slots offered')
      const radio = form.locator('input[name="slot"]').nth(1)
      await radio.check({ force: true })
      await form.locator('input[name="lastName"]').fill('Müller')
      await form.locator('input[name="email"]').fill('max@')
      await form.locator('textarea[name="remark"]').fill('Mit Hund')
      await form.locator('button[type="submit"]').click()
      const summary = form.locator('.vf-summary')
      await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
      assert.ok((await summary.innerText()).includes(text('de', 'forms', 'error.summary')))
      for (const name of ['email', 'firstName', 'phone']) {
        const input = form.locator(`input[name="${name}"]`)
        assert.equal(await input.getAttribute('aria-invalid'), 'true', `${name} in red`)
      }
      const email = form.locator('input[name="email"]')
      assert.equal((await page.locator(`[id="${await email.getAttribute('aria-describedby')}"]`).innerText()).trim(), text('de', 'forms', 'error.email'))
      assert.equal(await form.locator('input[name="lastName"]').inputValue(), 'Müller')
      assert.equal(await form.locator('textarea[name="remark"]').inputValue(), 'Mit Hund')
      assert.equal(await radio.isChecked(), true, 'the slot chosen stays chosen')
      await ctx.settle()
      ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
      ctx.assertClean('visit form de')
    } catch (err) {
      err.message += `\nat ${page.url()}` + (ctx.problems.length ? `\nbrowser problems:\n  ${ctx.problems.join('\n  ')}` : '')
      throw err
    } finally {
      await page.close()
    }
  })

  it('nl: two visitors race for one slot: one booked, the other told it is full, the slot gone', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const path = '/nl/te-koop/arlon/villa-huis-hoeve/4100002/' // the page's own address (SPEC's /nl/property/4100002/ leads there)
    const a = await newPage()
    const b = await newPage()
    try {
      for (const v of [a, b]) {
        assert.equal((await v.page.goto(server.url + path)).status(), 200)
        await waitForHydration(v.page.locator('#contact form'))
        await unfold(v.page, '#visit')
      }
      const slot = (await offered(a.page))[0]
      assert.ok(slot, 'a free slot')
      assert.ok((await offered(b.page)).includes(slot), 'both see it free')
      const forms = [a, b].map((v) => v.page.locator(FORM))
      await fillPerson(forms[0], { first: 'Anne', last: 'Peeters', email: 'anne.peeters@example.be' })
      await fillPerson(forms[1], { first: 'Bart', last: 'Claes', email: 'bart.claes@example.be' })
      for (const f of forms) {
        await f.locator(`input[name="slot"][value="${slot}"]`).check({ force: true })
        await f.locator('textarea[name="remark"]').fill('Graag met de makelaar.')
      }
      await solved(a.page, forms[0])
      await solved(b.page, forms[1])

      // Anne first: booked.
      await Promise.all([
        a.page.waitForURL((u) => u.pathname === '/nl/feedback/contact-appointment/', { timeout: slow(15_000) }),
        forms[0].locator('button[type="submit"]').click(),
      ])
      await waitForText(a.page.locator('main h1'), [text('nl', 'thankYou', 'title')], 'the thank-you page')
      assert.ok((await a.page.locator('main').innerText()).includes(text('nl', 'visit', 'thankYou')))

      // Bart, on the page that still shows the slot free: full, his form kept.
      await forms[1].locator('button[type="submit"]').click()
      const summary = forms[1].locator('.vf-summary')
      await summary.waitFor({ state: 'visible', timeout: slow(10_000) })
      const full = text('nl', 'forms', 'error.slotFull')
      await waitForText(b.page.locator('#visit .visit-slots .vf-error'), [full], 'the slot field says full')
      assert.equal(b.page.url(), server.url + path + '#visit')
      assert.equal(await forms[1].locator('input[name="lastName"]').inputValue(), 'Claes', 'what was typed is kept')
      assert.equal(await forms[1].locator('textarea[name="remark"]').inputValue(), 'Graag met de makelaar.')
      assert.equal((await offered(b.page)).includes(slot), false, 'the full slot is no longer offered')

      // Bart picks another slot and sends again, with no reload: the refused
      // post spent his proof, the form gets a fresh one, and he is booked.
      const other = (await offered(b.page))[0]
      assert.ok(other, 'another free slot')
      await forms[1].locator(`input[name="slot"][value="${other}"]`).check({ force: true })
      await Promise.all([
        b.page.waitForURL((u) => u.pathname === '/nl/feedback/contact-appointment/', { timeout: slow(30_000) }),
        forms[1].locator('button[type="submit"]').click(),
      ])
      await waitForText(b.page.locator('main h1'), [text('nl', 'thankYou', 'title')], 'Bart is booked on his second try')

      // A fresh visit of the page does not offer it either.
      await b.page.goto(server.url + path)
      await waitForHydration(b.page.locator('#contact form'))
      await unfold(b.page, '#visit')
      assert.equal((await offered(b.page)).includes(slot), false, 'the full slot is gone after a reload')
      for (const v of [a, b]) {
        await v.ctx.settle()
        v.ctx.problems.splice(0, v.ctx.problems.length, ...v.ctx.problems.filter((p) => !refused(p)))
        v.ctx.assertClean('visit race')
      }
    } catch (err) {
      const problems = [...a.ctx.problems, ...b.ctx.problems]
      err.message += `\nat ${b.page.url()}` + (problems.length ? `\nbrowser problems:\n  ${problems.join('\n  ')}` : '')
      const warnings = server.warnings()
      if (warnings.length) err.message += `\nserver warnings:\n  ${warnings.slice(-3).join('\n  ')}`
      throw err
    }

    const { stdout } = await run(binaryPath(), ['mail', '--data-dir', server.dataDir, '--limit', '1000'], { timeout: slow(20_000) })
    assert.ok(stdout.includes('anne.peeters@example.be'), `Anne's confirmation is queued:\n${stdout}`)
    assert.equal(stdout.split('bart.claes@example.be').length - 1, 1, `one confirmation for Bart, of his second try:\n${stdout}`)
  })

  for (const js of [true, false]) {
    it(`fr on a phone${js ? '' : ' without JavaScript'}: the contact bar stays in reach and opens the visit form`, { timeout: TIMEOUT, skip }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin, { javaScriptEnabled: js })
      contexts.push(ctx)
      const page = await ctx.context.newPage()
      try {
        await page.setViewportSize({ width: 375, height: 812 })
        assert.equal((await page.goto(server.url + '/fr/property/4100003/')).status(), 200)
        if (js) await waitForHydration(page.locator('#contact form'))
        const bar = page.locator('.contact-bar')
        // Halfway down the page, the bar sits at the bottom of the screen.
        await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight / 3))
        const box = await bar.boundingBox()
        assert.ok(box && box.y + box.height <= 812 + 1 && box.y + box.height >= 812 - 2, `the bar at the bottom of the screen: ${JSON.stringify(box)}`)
        assert.match(await bar.locator('a[href^="tel:"]').getAttribute('href'), /^tel:\+32/)
        await bar.locator('a[href="?open=contact-appointment#visit"]').click()
        await page.waitForFunction(() => location.hash === '#visit')
        const visit = page.locator('#visit')
        // With JavaScript the link opens the form in place; without, it loads the page with the form open (?open=); both land on it.
        await page.locator(`${FORM} input[name="firstName"]`).waitFor({ state: 'visible', timeout: slow(5_000) })
        assert.notEqual(await visit.getAttribute('open'), null, 'the visit form is open')
        const intro = await page.locator('#visit > summary').boundingBox()
        assert.ok(intro && intro.y >= 0 && intro.y + intro.height <= 812, `the form's start in view: ${JSON.stringify(intro)}`)
        // The page is far shorter than with every form open (13 000 px before).
        await page.goto(server.url + '/fr/property/4100003/')
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        assert.ok(height < 10_500, `the phone's page is ${height} px`)
        await ctx.settle()
        ctx.assertClean(`phone contact bar${js ? '' : ' without JavaScript'}`)
      } catch (err) {
        err.message += `\nat ${page.url()}` + (ctx.problems.length ? `\nbrowser problems:\n  ${ctx.problems.join('\n  ')}` : '')
        throw err
      } finally {
        await page.close()
      }
    })
  }

  it('nl: the cancel link of the confirmation frees the slot, once', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const path = '/nl/property/4100002/'
    const { ctx, page } = await newPage([404]) // a used link is not found
    try {
      await page.goto(server.url + path)
      await waitForHydration(page.locator('#contact form'))
      await unfold(page, '#visit')
      const before = await offered(page)
      const mail = await mailTo(server, 'anne.peeters@example.be')
      const link = /https?:\/\/\S+\/nl\/cancel-visit\/\?token=\S+/.exec(mail)?.[0]
      assert.ok(link, `no cancel link in Anne's confirmation:\n${mail}`)
      const cancel = new URL(link)
      assert.equal((await page.goto(server.url + cancel.pathname + cancel.search)).status(), 200)
      await waitForText(page.locator('main h1'), [text('nl', 'visit', 'cancel.title')], 'the cancel page')
      await Promise.all([
        page.waitForLoadState('load'),
        page.getByRole('button', { name: text('nl', 'visit', 'cancel.button') }).click(),
      ])
      await waitForText(page.locator('main'), [text('nl', 'visit', 'cancel.done')], 'the visit is cancelled')

      await page.goto(server.url + path)
      await waitForHydration(page.locator('#contact form'))
      await unfold(page, '#visit')
      const after = await offered(page)
      assert.equal(after.length, before.length + 1, 'the slot is offered again')

      // The link is single-use: a second visit says there is nothing to cancel.
      assert.equal((await page.goto(server.url + cancel.pathname + cancel.search)).status(), 404)
      await waitForText(page.locator('main'), [text('nl', 'visit', 'cancel.unknown')], 'a used link')
      await ctx.settle()
      const expected = (p) => refused(p) || /status of 404\b/.test(p)
      ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !expected(p)))
      ctx.assertClean('visit cancel')
    } catch (err) {
      err.message += `\nat ${page.url()}` + (ctx.problems.length ? `\nbrowser problems:\n  ${ctx.problems.join('\n  ')}` : '')
      throw err
    }
  })
})
