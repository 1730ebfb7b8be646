// The property page's map and street view in Chromium (SPEC §2): a property
// with a published address shows the site's own map frame with its one
// marker, loaded only when the map scrolls near (nothing of it in the
// server's HTML or before), and a street view link in a new tab (the demo
// configures no key: no Google frame, no request to Google); a private
// address shows no map at all; without JavaScript the map is a link to
// OpenStreetMap. No request leaves 127.0.0.1 (IMMO_MAP_TILES=none); axe
// finds no serious or critical violation.
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { assertAccessible } from '../lib/axe.mjs'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

process.env.IMMO_MAP_TILES = 'none'

// Generous: the machine may be busy (a page waits for a server-side render and a frame).
const TIMEOUT = slow(90_000)
const PUBLISHED = '/nl/property/4100021/' // Voie de la Liberté 89, Attert: address published
const PRIVATE = '/en/property/4100006/' // address not published: a rough position only

describe('property map and street view', () => {
  const server = useServer()
  const browser = useBrowser()
  const skip = needsChromium()
  const contexts = []

  after(async () => {
    for (const c of contexts) await c.close().catch(() => {})
  })

  const test = (name, fn, options = {}) =>
    it(name, { timeout: TIMEOUT, skip }, async () => {
      await server.start()
      const ctx = await openContext(await browser.get(), server.origin, options)
      contexts.push(ctx)
      ctx.context.setDefaultNavigationTimeout(slow(30_000))
      ctx.context.setDefaultTimeout(slow(15_000))
      const page = await ctx.context.newPage()
      const requests = []
      page.on('request', (req) => requests.push(new URL(req.url())))
      try {
        await fn(page, requests)
        await ctx.settle()
        ctx.assertClean(name)
      } catch (err) {
        if (ctx.problems.length) err.message += `\nbrowser problems:\n  ${ctx.problems.join('\n  ')}`
        throw err
      } finally {
        await page.close()
      }
    })

  const mapFrame = (page) => page.frames().find((f) => new URL(f.url()).pathname === '/map-frame/')
  const mapRequested = (requests) => requests.some((u) => u.pathname === '/map-frame/')

  test('a published address: the map frame loads with its one marker once scrolled to; street view is a link', async (page, requests) => {
    const res = await page.goto(server.url + PUBLISHED)
    assert.equal(res.status(), 200)
    assert.doesNotMatch(await res.text(), /<iframe/, 'no frame in the server HTML')
    const box = page.locator('.property-map-box')
    await waitForHydration(page.locator('.property-streetview a'))
    // Hydrated, but far below the fold: no frame yet, and the map frame was not asked for.
    await page.waitForTimeout(300)
    assert.equal(await page.locator('iframe').count(), 0, 'no frame before the map comes near')
    assert.ok(!mapRequested(requests), 'the map frame is not requested before the map comes near')
    assert.equal(await page.locator('.property-map h3').innerText(), 'Op de kaart')

    await box.scrollIntoViewIfNeeded()
    const frameEl = box.locator('iframe.map-frame')
    await frameEl.waitFor()
    assert.equal(await frameEl.getAttribute('src'), '/map-frame/?lang=nl')
    assert.match(await frameEl.getAttribute('title'), /^Kaart: /)
    await page.waitForFunction(() => document.querySelector('.property-map-box iframe')?.contentDocument?.body?.dataset.markers === '1', null, { timeout: slow(10_000) })
    const frame = mapFrame(page)
    assert.ok(frame, 'the map frame is loaded')
    const marker = await frame.evaluate(() => {
      const icons = [...document.querySelectorAll('.leaflet-marker-icon')]
      const m = icons[0]
      return {
        count: icons.length,
        text: m?.textContent ?? '',
        tabindex: m?.getAttribute('tabindex'),
        interactive: m?.classList.contains('leaflet-interactive'),
        links: document.querySelectorAll('#map a[href^="/"]').length,
        status: document.getElementById('map-status')?.textContent,
      }
    })
    assert.equal(marker.count, 1, 'one marker')
    assert.match(marker.text, /Prijs op aanvraag|€/, 'the marker shows the price as the list does')
    assert.equal(marker.tabindex, null, 'the marker is no focus stop: it opens nothing')
    assert.equal(marker.interactive, false, 'the marker is not clickable')
    assert.equal(marker.links, 0, 'the marker does not link to the page it is on')
    assert.ok(marker.status, 'the frame says how many it shows')

    // Street view without a key: a link in a new tab at the position, no Google frame.
    const sv = page.locator('.property-streetview a')
    assert.match(await sv.getAttribute('href'), /^https:\/\/www\.google\.com\/maps\/@\?api=1&map_action=pano&viewpoint=-?\d+\.\d{6},-?\d+\.\d{6}$/)
    assert.equal(await sv.getAttribute('target'), '_blank')
    assert.match(await sv.getAttribute('rel'), /noopener/)
    assert.equal(await page.locator('.property-streetview iframe, .property-streetview button').count(), 0, 'no street view frame without a key')
    assert.ok(!requests.some((u) => u.hostname !== '127.0.0.1' && u.hostname !== 'localhost'), 'no request leaves the machine')
    await assertAccessible(page)
  })

  test('a private address: no map section, no street view, only the rough position', async (page, requests) => {
    const res = await page.goto(server.url + PRIVATE)
    assert.equal(res.status(), 200)
    await waitForHydration(page.locator('#location-title'))
    await page.locator('#location-title').scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForTimeout(500)
    assert.match(await page.locator('.property-location').innerText(), /Approximate GPS coordinates/)
    assert.equal(await page.locator('.property-map, .property-streetview').count(), 0, 'no map section')
    assert.equal(await page.locator('iframe').count(), 0, 'no frame')
    assert.ok(!mapRequested(requests), 'the map frame is never requested')
    assert.equal(await page.locator('a[href^="https://www.google.com/maps"]').count(), 0, 'no street view')
  })

  test(
    'without JavaScript the map is a link to OpenStreetMap at the position',
    async (page) => {
      await page.goto(server.url + PUBLISHED)
      const link = page.locator('.property-map-box a')
      assert.match(await link.getAttribute('href'), /^https:\/\/www\.openstreetmap\.org\/\?mlat=[\d.]+&mlon=[\d.]+#map=16\//)
      assert.equal(await link.getAttribute('target'), '_blank')
      await page.locator('.property-map-box').scrollIntoViewIfNeeded()
      assert.equal(await page.locator('iframe').count(), 0)
      assert.equal(await page.locator('.property-streetview a').count(), 1)
    },
    { javaScriptEnabled: false },
  )
})
