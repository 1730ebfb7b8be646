// A refused post spends the form's proof of work: the next press must get a
// fresh one, without a reload. fr: a document "already requested", then
// another one sent. de: a visit slot taken meanwhile ("Die Termine sind
// ausgebucht"), then another slot booked. The visitor never sees "check the
// fields in red" with nothing red.
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { needsChromium, openContext, unfold, useBrowser, waitForHydration, waitForText } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(90_000)
const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)

async function person(form, { first, last, email }) {
  await form.locator('input[name="title"][value="ms"]').check()
  await form.locator('input[name="firstName"]').fill(first)
  await form.locator('input[name="lastName"]').fill(last)
  await form.locator('input[name="email"]').fill(email)
  await form.locator('input[name="phone"]').fill('0471 23 45 67')
}

/** Sends form and waits for the thank-you page at path. */
async function sendTo(page, form, path) {
  await Promise.all([page.waitForURL((u) => u.pathname === path, { timeout: slow(30_000) }), form.locator('button[type="submit"]').click()])
}

describe('a second try after a refusal', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  async function newPage() {
    const ctx = await openContext(await browser.get(), server.origin, { expectedStatus: (_url, status) => status === 422 })
    contexts.push(ctx)
    return { ctx, page: await ctx.context.newPage() }
  }

  function clean(ctx, name) {
    ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
    ctx.assertClean(name)
  }

  it('fr: a document requested again answered as the first, then another one sent', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const { ctx, page } = await newPage()
    const path = '/fr/property/4100001/'
    const form = page.locator('#document-request form')
    const open = async (doc) => {
      assert.equal((await page.goto(server.url + path)).status(), 200)
      await waitForHydration(page.locator('#contact form'))
      await unfold(page, '#document-request')
      await form.locator('select[name="document"]').selectOption(doc)
      await person(form, { first: 'Chloé', last: 'Martin', email: 'chloe.martin@example.be' })
    }
    await open('7100003')
    await sendTo(page, form, '/fr/merci/demande-de-document/')

    // The same request again is answered as the first: whoever types an
    // address learns nothing of what its owner asked for.
    await open('7100003')
    await sendTo(page, form, '/fr/merci/demande-de-document/')

    await open('7100001')
    await sendTo(page, form, '/fr/merci/demande-de-document/')
    await waitForText(page.locator('main h1'), [text('fr', 'thankYou', 'title')], 'the thank-you page')
    await ctx.settle()
    clean(ctx, 'document retry fr')
  })

  it('de: a slot taken meanwhile, then another slot booked', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const path = '/de/property/4100005/'
    const a = await newPage()
    const b = await newPage()
    const forms = [a, b].map((v) => v.page.locator('#visit form'))
    for (const v of [a, b]) {
      assert.equal((await v.page.goto(server.url + path)).status(), 200)
      await waitForHydration(v.page.locator('#contact form'))
      await unfold(v.page, '#visit')
    }
    const slots = () => b.page.locator('#visit form input[name="slot"]').evaluateAll((els) => els.map((e) => e.value))
    const slot = (await slots())[0]
    await person(forms[0], { first: 'Anna', last: 'Schmidt', email: 'anna.schmidt@example.de' })
    await person(forms[1], { first: 'Bernd', last: 'Weber', email: 'bernd.weber@example.de' })
    for (const f of forms) await f.locator(`input[name="slot"][value="${slot}"]`).check({ force: true })
    await sendTo(a.page, forms[0], '/de/feedback/contact-appointment/')

    await forms[1].locator('button[type="submit"]').click()
    await waitForText(b.page.locator('#visit .visit-slots .vf-error'), [text('de', 'forms', 'error.slotFull')], 'the slot is full')
    const other = (await slots())[0]
    assert.ok(other && other !== slot, 'another free slot')
    await forms[1].locator(`input[name="slot"][value="${other}"]`).check({ force: true })
    await sendTo(b.page, forms[1], '/de/feedback/contact-appointment/')
    await waitForText(b.page.locator('main h1'), [text('de', 'thankYou', 'title')], 'booked on the second try')
    for (const v of [a, b]) {
      await v.ctx.settle()
      clean(v.ctx, 'visit retry de')
    }
  })
})
