// Two agencies served by one process on two host names (issue #35), on a
// PostgreSQL schema of the test's own: the binary's own commands add the
// agencies (immo agencies add), give the second its configuration and its
// catalog (immo config/import --agency 2), and one `immo serve` answers both;
// Chromium maps both names to 127.0.0.1. Each host shows its own agency:
// its banner, its language set (the second speaks nl and en only), its
// listings (the same listing numbers in both, each agency's own), its
// canonical links on its own host; a language the agency does not speak is
// a 404 there. The platform's operator (immo staff add --role operator)
// signs in on the first agency's host and sees every agency with its
// health, reads the second's leads once its admin allows it on its own
// host, and adds a third. Throughout: no console error, no failed request,
// no request to another host.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS, needsChromium, openContext } from '../lib/browser.mjs'
import { slow } from '../lib/patience.mjs'
import { binaryPath, useServer } from '../lib/server.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const STEP_TIMEOUT = slow(60_000)
const HOST_A = 'www.arlon.test'
const HOST_B = 'www.gent.test'
const BANNER_A = 'Votre agence immobilière à Arlon'
const BANNER_B = 'Welkom bij Immo Gent'

// A schema of the test's own on the tests' PostgreSQL (as Go's pgtest does).
const BASE = process.env.IMMO_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
const schema = `immo_e2e_${randomBytes(6).toString('hex')}`
const databaseURL = `${BASE}${BASE.includes('?') ? '&' : '?'}search_path=${schema}`
const dir = mkdtempSync(path.join(tmpdir(), 'immo-platform-'))
const psql = (sql) => execFileSync('psql', [BASE, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'pipe' })
const immo = (...args) =>
  execFileSync(binaryPath(), args, { env: { ...process.env, DATABASE_URL: databaseURL, IMMO_DATA_DIR: dir }, stdio: 'pipe' }).toString()

/** Agency B's configuration: the demo's under its name, in nl and en only, with a banner of its own. */
function configB() {
  const raw = readFileSync(path.join(ROOT, 'internal/adapter/demo/site.json'), 'utf8').replaceAll('Immo Arlon', 'Immo Gent')
  const site = JSON.parse(raw.replaceAll('immo-arlon.be', 'gent.test'))
  site.languages = { default: 'nl', use: ['nl', 'fr', 'en', 'de'].map((code) => ({ code, use: code === 'nl' || code === 'en' })) }
  site.banner.title = { ...site.banner.title, nl: BANNER_B, en: 'Welcome to Immo Gent' }
  const file = path.join(dir, 'site-b.json')
  writeFileSync(file, JSON.stringify(site, null, 2))
  return file
}

/** Agency B's catalog: two of the demo's listings, same numbers, in Gent. */
function catalogB() {
  const demo = JSON.parse(readFileSync(path.join(ROOT, 'internal/adapter/demo/catalog.json'), 'utf8'))
  const sale = demo.properties.filter((p) => p.Goal === 0 && p.Status !== 3).slice(0, 2)
  const properties = sale.map((p, i) => ({
    ...p,
    City: 'Gent',
    Zip: '9000',
    Street: 'Veldstraat',
    Latitude: 51.05,
    Longitude: 3.72,
    Title: { nl: `Huis ${i + 1} in Gent`, fr: '', en: `House ${i + 1} in Ghent`, de: '' },
  }))
  const file = path.join(dir, 'catalog-b.json')
  writeFileSync(file, JSON.stringify({ types: demo.types, properties, projects: [] }))
  return { file, ids: properties.map((p) => p.ID) }
}

let listedB = []
const server = useServer([], {
  env: { DATABASE_URL: databaseURL, IMMO_SECRET: 's'.repeat(40) },
})
const setUp = (() => {
  let done = null
  return () =>
    (done ??= (async () => {
      psql(`CREATE SCHEMA ${schema}`)
      immo('migrate')
      immo('agencies', 'add', 'Immo Arlon', '--host', HOST_A, '--lang', 'fr')
      immo('agencies', 'add', 'Immo Gent', '--host', HOST_B, '--host', 'gent.test', '--lang', 'nl')
      immo('config', '--agency', '2', 'import', configB())
      const cat = catalogB()
      immo('import', '--agency', '2', cat.file)
      listedB = cat.ids
      await server.start()
    })())
})()
after(async () => {
  // The server stops in useServer's own after hook, registered first: it runs first.
  try {
    psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  } catch {
    // nothing was made
  }
  rmSync(dir, { recursive: true, force: true })
})

let browser = null
after(async () => {
  await browser?.close()
})
async function contextOn(host) {
  browser ??= await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST_A} 127.0.0.1, MAP ${HOST_B} 127.0.0.1`],
    timeout: slow(30_000),
  })
  const port = new URL(server.url).port
  const origin = `http://${host}:${port}`
  const ctx = await openContext(browser, origin)
  return { ctx, origin, page: await ctx.context.newPage() }
}

/** What a page shows: its banner title, its alternates' languages, canonical, text and listing links. */
async function look(page) {
  return page.evaluate(() => ({
    banner: document.querySelector('.banner h1, .banner h2')?.textContent?.trim() ?? '',
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => l.hreflang).filter((l) => l !== 'x-default').sort(),
    canonical: document.querySelector('link[rel="canonical"]')?.href ?? '',
    text: document.body.innerText,
    listed: [...new Set([...document.querySelectorAll('main a[href*="/te-koop/"]')].map((a) => a.getAttribute('href')))],
  }))
}

describe('two agencies on one server, by host name', { skip: needsChromium() }, () => {
  it("agency A's host shows A's site, in its four languages", { timeout: STEP_TIMEOUT }, async () => {
    await setUp()
    const { ctx, origin, page } = await contextOn(HOST_A)
    try {
      assert.equal((await page.goto(`${origin}/fr/`)).status(), 200)
      const home = await look(page)
      assert.equal(home.banner, BANNER_A)
      assert.deepEqual(home.alternates, ['de', 'en', 'fr', 'nl'])
      assert.match(home.canonical, new RegExp(`^http://${HOST_A.replaceAll('.', '\\.')}/fr/$`))
      assert.ok(!home.text.includes('Immo Gent'), "A's home names B")
      assert.equal((await page.goto(`${origin}/nl/te-koop/`)).status(), 200)
      const list = await look(page)
      const details = list.listed.filter((href) => /\/\d+\/$/.test(href))
      assert.ok(details.length > 2, `A's list shows A's listings: ${details.join(', ')}`)
      assert.ok(!list.text.includes('Huis 1 in Gent'), "A's list shows B's listings")
      await ctx.settle()
      ctx.assertClean("A's pages")
    } finally {
      await ctx.close()
    }
  })

  it("agency B's host shows B's site: its banner, nl and en only, its two listings", { timeout: STEP_TIMEOUT }, async () => {
    await setUp()
    const { ctx, origin, page } = await contextOn(HOST_B)
    try {
      assert.equal((await page.goto(`${origin}/nl/`)).status(), 200)
      const home = await look(page)
      assert.equal(home.banner, BANNER_B)
      assert.deepEqual(home.alternates, ['en', 'nl'])
      assert.match(home.canonical, new RegExp(`^http://${HOST_B.replaceAll('.', '\\.')}/nl/$`))
      assert.ok(!home.text.includes('Immo Arlon'), "B's home names A")
      const direct = `http://127.0.0.1:${new URL(server.url).port}`
      const french = await page.request.get(`${direct}/fr/`, { headers: { Host: HOST_B } })
      assert.equal(french.status(), 404, 'a language B does not speak')
      assert.match(french.headers()['content-type'], /text\/html/, "B's own 404 page, not the unknown host's answer")
      assert.equal((await page.goto(`${origin}/nl/te-koop/`)).status(), 200)
      const list = await look(page)
      assert.ok(list.text.includes('Huis 1 in Gent') && list.text.includes('Huis 2 in Gent'), `B's list:\n${list.text.slice(0, 600)}`)
      const details = list.listed.filter((href) => /\/\d+\/$/.test(href))
      assert.equal(details.length, 2, `B's list links its two listings only: ${details.join(', ')}`)
      // The same listing number is B's own on B's host.
      const detail = list.listed.find((href) => href.includes(`/${listedB[0]}/`))
      assert.ok(detail, `no link to listing ${listedB[0]} among ${list.listed.join(', ')}`)
      assert.equal((await page.goto(`${origin}${detail}`)).status(), 200)
      assert.ok((await look(page)).text.includes('Huis 1 in Gent'))
      // Another host of B's sends the visitor to its preferred one.
      const other = await page.request.get(`${direct}/nl/`, { headers: { Host: 'gent.test' }, maxRedirects: 0 })
      assert.equal(other.status(), 301)
      assert.equal(other.headers().location, `http://${HOST_B}/nl/`)
      await ctx.settle()
      ctx.assertClean("B's pages")
    } finally {
      await ctx.close()
    }
  })

  it("the platform's operator sees every agency, reads one's leads once it allows it, and adds one", { timeout: STEP_TIMEOUT }, async () => {
    await setUp()
    immo('staff', 'add', 'ops@platform.test', '--role', 'operator', '--lang', 'en')
    immo('staff', '--agency', '2', 'add', 'baas@gent.test', '--role', 'admin', '--lang', 'nl')
    /** The password link mailed to email in agency's queue (its path: the host is the page's). */
    const linkOf = (agency, email) => {
      const line = immo('mail', '--agency', agency).split('\n').find((l) => l.includes(email))
      assert.ok(line, `no mail to ${email}`)
      const text = immo('mail', '--agency', agency, '--text', line.trim().split(/\s+/)[0])
      return text.match(/\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/)[0]
    }
    const choosePassword = async (page, origin, link, landing) => {
      await page.goto(origin + link)
      await page.locator('#login-password').fill('a long enough password')
      await page.locator('#login-passwordConfirm').fill('a long enough password')
      await Promise.all([page.waitForURL((u) => u.pathname === landing), page.locator('button[type="submit"]').click()])
    }

    // B's admin allows the operator to read B's leads for 7 days.
    const b = await contextOn(HOST_B)
    try {
      await choosePassword(b.page, b.origin, linkOf('2', 'baas@gent.test'), '/admin/leads/')
      await b.page.goto(`${b.origin}/admin/access/`)
      await b.page.locator('select[name="days"]').selectOption('7')
      await Promise.all([b.page.waitForURL((u) => u.search === '?done=give'),
        b.page.locator('form', { has: b.page.locator('select[name="days"]') }).locator('button[type="submit"]').click()])
      await b.ctx.settle()
      b.ctx.assertClean("B's admin")
    } finally {
      await b.ctx.close()
    }

    const { ctx, origin, page } = await contextOn(HOST_A)
    try {
      await choosePassword(page, origin, linkOf('1', 'ops@platform.test'), '/admin/platform/')
      const rows = page.locator('main table tbody tr')
      assert.equal(await rows.count(), 2)
      assert.match(await rows.nth(0).innerText(), /Immo Arlon/)
      assert.match(await rows.nth(1).innerText(), /Immo Gent[\s\S]*www\.gent\.test/)
      // A's leads are not the operator's: the inbox's leads send them back to the platform.
      await page.goto(`${origin}/admin/leads/`)
      assert.equal(new URL(page.url()).pathname, '/admin/platform/')
      // B allows it: its leads, read only.
      await Promise.all([page.waitForURL((u) => u.pathname === '/admin/platform/2/leads/'), rows.nth(1).locator('a[href$="/leads/"]').click()])
      assert.match(await page.locator('main').innerText(), /Immo Gent/)
      assert.equal(await page.locator('main form').count(), 0, 'nothing to change')
      // A third agency, added in the form.
      await page.goto(`${origin}/admin/platform/`)
      const add = page.locator('form', { has: page.locator('input[name="name"]') })
      await add.locator('input[name="name"]').fill('Immo Brugge')
      await add.locator('select[name="lang"]').selectOption('nl')
      await add.locator('input[name="hosts"]').fill('www.brugge.test brugge.test')
      await Promise.all([page.waitForURL((u) => u.search === '?done=add'), add.locator('button[type="submit"]').click()])
      assert.equal(await rows.count(), 3)
      assert.match(await rows.nth(2).innerText(), /Immo Brugge[\s\S]*www\.brugge\.test/)
      assert.match(immo('agencies', 'list'), /3\s+Immo Brugge\s+nl\s+active\s+www\.brugge\.test brugge\.test/)
      await ctx.settle()
      ctx.assertClean("the operator's pages")
    } finally {
      await ctx.close()
    }
  })
})
