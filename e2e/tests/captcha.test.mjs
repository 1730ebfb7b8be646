// A third-party captcha by configuration (issue 10, SPEC §7): with Turnstile
// configured, the contact form shows its element instead of ALTCHA, and our
// bundle requests the provider's script only on a page holding a form, once,
// without a CSP violation; a page without a form requests nothing. The
// provider is faked by the browser (no test may need the internet): its
// script renders a widget that fills the token field. Without JavaScript the
// form says it needs it, and a post is refused with the captcha message.
import assert from 'node:assert/strict'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { text } from '../lib/texts.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const TIMEOUT = slow(60_000)
const SITE_KEY = '1x00000000000000000000AA' // Cloudflare's documented test key
const PROVIDER = 'https://challenges.cloudflare.com/'
const CONTACT_FORM = '.module-contact form'

// The fake Turnstile: the API our bundle calls, ready through the onload callback it names.
const FAKE_TURNSTILE = `
window.turnstile = {
  render(host, params) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = 'cf-turnstile-response'
    input.value = 'fake-token'
    host.appendChild(input)
    host.setAttribute('data-rendered', params.sitekey + ' ' + params.language)
    return 'w1'
  },
  reset() {},
  remove() {},
}
window[new URL(document.currentScript.src).searchParams.get('onload')]()
`

const dir = path.dirname(fileURLToPath(import.meta.url))
const configFile = path.join(await mkdtemp(path.join(tmpdir(), 'immo-captcha-')), 'site.json')
const config = JSON.parse(await readFile(path.join(dir, '..', '..', 'internal', 'adapter', 'demo', 'site.json'), 'utf8'))
config.captcha = { provider: 'turnstile', siteKey: SITE_KEY }
await writeFile(configFile, JSON.stringify(config))
process.env.IMMO_CAPTCHA_SECRET = '1x0000000000000000000000000000000AA'

describe('third-party captcha', () => {
  const server = useServer(['--config', configFile])
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  it('loads the provider script only on a page with a form, once, and renders its widget', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    contexts.push(ctx)
    const page = await ctx.context.newPage()
    const requested = []
    const violations = []
    await page.exposeBinding('__cspViolation', (_src, v) => violations.push(v))
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => window.__cspViolation(`${e.effectiveDirective} ${e.blockedURI}`)))
    await page.route(`${PROVIDER}**`, (route) => {
      requested.push(route.request().url())
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_TURNSTILE })
    })

    await page.goto(`${server.origin}/fr/`)
    await waitForHydration(page.locator('#app a').first())
    await ctx.settle()
    assert.deepEqual(requested, [], 'a page without a captcha element loads no provider script')

    await page.goto(`${server.origin}/fr/contact/`)
    const form = page.locator(CONTACT_FORM)
    await waitForHydration(form)
    const box = form.locator(`.cf-turnstile[data-sitekey="${SITE_KEY}"]`)
    await box.locator('input[name="cf-turnstile-response"]').waitFor({ state: 'attached', timeout: slow(10_000) })
    assert.equal(await box.locator('[data-rendered]').getAttribute('data-rendered'), `${SITE_KEY} fr`)
    assert.equal(await form.locator('altcha-widget, .altcha-box').count(), 0, 'no ALTCHA next to the captcha')
    await ctx.settle()
    assert.equal(requested.length, 1, `one script request: ${requested}`)
    assert.match(requested[0], /^https:\/\/challenges\.cloudflare\.com\/turnstile\/v0\/api\.js\?render=explicit&onload=/)
    assert.deepEqual(violations, [])
    ctx.assertClean('captcha with JavaScript')
  })

  it('without JavaScript, says the form needs it and refuses the post with the captcha message', { timeout: TIMEOUT, skip }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin, { javaScriptEnabled: false, expectedStatus: (_u, s) => s === 422 })
    contexts.push(ctx)
    const page = await ctx.context.newPage()
    await page.goto(`${server.origin}/fr/contact/`)
    const form = page.locator(CONTACT_FORM)
    assert.match(await form.innerText(), /Ce formulaire nécessite JavaScript/)
    await form.locator('input[name="title"][value="ms"]').check()
    await form.locator('input[name="firstName"]').fill('Anne')
    await form.locator('input[name="lastName"]').fill('Dupont')
    await form.locator('input[name="email"]').fill('anne.dupont@example.be')
    await form.locator('input[name="phone"]').fill('0471 23 45 67')
    await form.locator('textarea[name="remark"]').fill('Pourriez-vous me rappeler ?')
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.locator('button[type="submit"]').click()])
    assert.equal(answer.status(), 422)
    await page.waitForLoadState()
    assert.match(await page.locator(CONTACT_FORM).innerText(), new RegExp(text('fr', 'forms', 'error.captcha')))
    assert.equal(await page.locator(`${CONTACT_FORM} input[name="lastName"]`).inputValue(), 'Dupont', 'what was typed stays')
  })
})
