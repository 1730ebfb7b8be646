// The CRM's feed in Chromium, against the real binary and a CRM export of
// the test's own (on the loopback, which IMMO_FEED_PRIVATE_HOSTS trusts):
// an admin adds the feed in the inbox with its token header, sees its push
// token once, runs it now, and reads the run's report — one listing added,
// one refused with its field and reason — in each of the four languages
// (four admins, one per language); the public site then shows the new
// listing.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { needsChromium, openContext, useBrowser } from '../lib/browser.mjs'
import { mailTo } from '../lib/mail.mjs'
import { text } from '../lib/texts.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const run = promisify(execFile)
const TIMEOUT = slow(240_000)
const PASSWORD = 'correct-horse-42'
const LANGS = ['en', 'nl', 'fr', 'de']
const NEW_ID = 9900001
const BAD_ID = 9900002
const KEY = 'crm-export-key'

const DEMO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../internal/adapter/demo/catalog.json')

/** The demo catalog with one new listing and one whose price no catalog takes. */
function exportFile() {
  const cat = JSON.parse(readFileSync(DEMO, 'utf8'))
  const added = { ...cat.properties[0], ID: NEW_ID }
  const bad = { ...cat.properties[1], ID: BAD_ID, Price: -5 }
  cat.properties = [added, bad, ...cat.properties]
  return JSON.stringify(cat)
}

/** The CRM: its export at /export.json for the one who sends its key. */
function crmServer() {
  const body = exportFile()
  let asked = 0
  const server = createServer((req, res) => {
    asked++
    if (req.url !== '/export.json' || req.headers['x-api-key'] !== KEY) {
      res.writeHead(401).end('no')
      return
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)
  })
  return {
    asked: () => asked,
    listen: () => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port))),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** A words' part before its first placeholder: what a page shows whatever the values. */
function stem(s) {
  return s.split('{{')[0].trim()
}

/** The page of listing id, from the sitemap (an index of sitemaps, or one). */
async function pageOf(base, id) {
  const seen = new Set()
  const queue = [`${base}/sitemap.xml`]
  while (queue.length) {
    const url = queue.shift()
    if (seen.has(url)) continue
    seen.add(url)
    const xml = await (await fetch(url)).text()
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const u = new URL(loc.replaceAll('&amp;', '&'))
      const local = `${base}${u.pathname}${u.search}`
      if (u.pathname.endsWith('.xml')) queue.push(local)
      else if (u.pathname.includes(`/${id}/`)) return local
    }
  }
  return null
}

describe('inbox: a CRM feed', () => {
  const server = useServer([], { env: { IMMO_FEED_PRIVATE_HOSTS: '127.0.0.1' } })
  const browser = useBrowser()
  const skip = needsChromium()
  const crm = crmServer()
  after(() => crm.close().catch(() => {}))

  /** A staff member in lang, logged in: the browser context and its page. */
  async function admin(lang) {
    const email = `admin-${lang}@agency.test`
    await run(binaryPath(), ['staff', 'add', email, '--role', 'admin', '--lang', lang, '--first-name', 'Ann', '--last-name', lang.toUpperCase(),
      '--data-dir', server.dataDir], { timeout: slow(20_000) })
    const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(await mailTo(server, email))?.[0]
    assert.ok(link, `a password link for ${email}`)
    const staff = await openContext(await browser.get(), server.origin)
    const page = await staff.context.newPage()
    await page.goto(server.url + link)
    await page.locator('#login-password').fill(PASSWORD)
    await page.locator('#login-passwordConfirm').fill(PASSWORD)
    await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])
    return { staff, page }
  }

  it('an admin adds a feed and runs it; the report reads in four languages; the site shows the new listing', { timeout: TIMEOUT, skip }, async () => {
    const port = await crm.listen()
    await server.start()
    const say = (lang, key) => text(lang, 'admin', key)
    const { staff, page } = await admin('en')
    try {
      await page.goto(server.url + '/admin/catalog/')
      await page.getByLabel(say('en', 'feeds.name'), { exact: true }).fill('Our CRM')
      await page.getByLabel(say('en', 'feeds.url')).fill(`http://127.0.0.1:${port}/export.json`)
      await page.getByLabel(say('en', 'feeds.auth')).selectOption('header')
      await page.getByLabel(say('en', 'feeds.header')).fill('X-Api-Key')
      await page.getByLabel(say('en', 'feeds.secret')).fill(KEY)
      await page.getByRole('button', { name: say('en', 'feeds.addSubmit') }).click()
      await page.locator('.feed-token').waitFor()
      const token = await page.locator('.feed-token code').textContent()
      assert.match(token ?? '', /^[A-Za-z0-9_-]{40,}$/, 'the push token, shown once')
      const feedRow = page.locator('tr', { hasText: 'Our CRM' })
      assert.ok(!(await page.content()).includes(KEY), 'the CRM key is never shown again')

      // Run now; the run appears once done.
      await feedRow.getByRole('button', { name: say('en', 'feeds.run') }).click()
      await page.locator('.admin-notice, [role="status"]', { hasText: stem(say('en', 'feeds.done.started')) }).first().waitFor()
      const applied = stem(say('en', 'runs.applied'))
      const runRow = page.locator('tr', { hasText: applied }).filter({ hasText: 'Our CRM' })
      for (let i = 0; i < 60 && !(await runRow.count()); i++) {
        await new Promise((r) => setTimeout(r, 500))
        await page.reload()
      }
      await runRow.first().waitFor({ timeout: slow(1_000) })
      assert.ok(crm.asked() >= 1, 'the CRM was asked')
      staff.assertClean('the admin adding the feed')
    } finally {
      await staff.close()
    }

    // Each language's admin reads the same report: one added, one refused, its field and reason.
    for (const lang of LANGS) {
      const { staff: other, page: p } = lang === 'en' ? await reopen() : await admin(lang)
      try {
        await p.goto(server.url + '/admin/catalog/')
        const row = p.locator('tr', { hasText: 'Our CRM' }).filter({ hasText: stem(say(lang, 'runs.applied')) }).first()
        await row.waitFor()
        const content = await row.textContent()
        assert.ok(content.includes(say(lang, 'runs.count.added_one').replace('{{n}}', '1')), `${lang}: one added, in ${content}`)
        assert.ok(content.includes(say(lang, 'runs.count.rejected_one').replace('{{n}}', '1')), `${lang}: one refused`)
        await row.locator('summary').click()
        const problem = row.locator('li', { hasText: String(BAD_ID) })
        await problem.waitFor()
        const said = await problem.textContent()
        assert.ok(said.includes('Price'), `${lang}: the field named, in ${said}`)
        assert.ok(said.includes(stem(say(lang, 'runs.problem.amountRange'))), `${lang}: the reason in ${lang}, in ${said}`)
        other.assertClean(`the ${lang} admin`)
      } finally {
        await other.close()
      }
    }

    // The site shows the new listing.
    const api = await fetch(`${server.url}/api/properties/${NEW_ID}`)
    assert.equal(api.status, 200, 'the new listing is in the catalog')
    const refused = await fetch(`${server.url}/api/properties/${BAD_ID}`)
    assert.equal(refused.status, 404, 'the refused listing is not')
    const address = await pageOf(server.url, NEW_ID)
    assert.ok(address, 'the new listing is in the sitemap')
    const visitor = await openContext(await browser.get(), server.origin)
    try {
      const p = await visitor.context.newPage()
      const res = await p.goto(address)
      assert.equal(res?.status(), 200, 'the new listing has its page')
      visitor.assertClean('the visitor')
    } finally {
      await visitor.close()
    }

    /** The English admin again, in a new browser: logged in by password. */
    async function reopen() {
      const ctx = await openContext(await browser.get(), server.origin)
      const p = await ctx.context.newPage()
      await p.goto(server.url + '/admin/login/')
      await p.locator('#login-email').fill('admin-en@agency.test')
      await p.locator('#login-password').fill(PASSWORD)
      await Promise.all([p.waitForURL((u) => u.pathname === '/admin/leads/'), p.locator('button[type="submit"]').click()])
      return { staff: ctx, page: p }
    }
  })
})
