// The page shell as a visitor meets it: footer, back-to-top button,
// pop-up, menus, the 404 page, in the four languages.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { useServer } from '../lib/server.mjs'

const HOMES = ['/nl/', '/fr/', '/en/', '/de/']

/** The rectangles of el's text (its lines), or of el itself for a control. */
function boxesOf(el) {
  if (el.matches('button, a')) return [el.getBoundingClientRect()]
  const r = document.createRange()
  r.selectNodeContents(el)
  return [...r.getClientRects()]
}

describe('shell', { skip: needsChromium() }, () => {
  const server = useServer()
  const browser = useBrowser()

  it('at 375 px the back-to-top button covers neither the copyright line nor the cookie settings button', { timeout: 60_000 }, async () => {
    await server.start()
    const ctx = await openContext(await browser.get(), server.origin)
    try {
      const page = await ctx.context.newPage()
      await page.setViewportSize({ width: 375, height: 740 })
      const problems = []
      for (const path of HOMES) {
        await page.goto(server.url + path)
        await waitForHydration(page.locator('.drawer-toggle'))
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await page.locator('.back-to-top').waitFor()
        const hits = await page.evaluate((boxesOfSource) => {
          const boxesOf = new Function(`return (${boxesOfSource})`)()
          const b = document.querySelector('.back-to-top').getBoundingClientRect()
          const out = []
          for (const el of document.querySelectorAll('.footer-bottom .copyright, .footer-bottom button, .footer-bottom a')) {
            for (const r of boxesOf(el)) {
              if (r.width && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) out.push(`"${el.textContent.trim()}"`)
            }
          }
          return out
        }, boxesOf.toString())
        for (const h of hits) problems.push(`${path}: the back-to-top button covers ${h}`)
      }
      assert.deepEqual(problems, [], problems.join('\n'))
      ctx.assertClean('back to top')
    } finally {
      await ctx.close()
    }
  })
})
