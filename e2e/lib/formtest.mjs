// The tests of a visitor form journey share one shape: a fresh page per
// test, in a browser context shared by the tests with JavaScript on (or
// off), a refused post (422) expected rather than a problem, and a failure
// told with the page's address, the browser's problems and the server's
// last warnings.
import { after, it } from 'node:test'
import { openContext } from './browser.mjs'

/**
 * formTests returns `test(name, { js }, fn)`: call it inside a describe,
 * after useServer() and useBrowser(). fn gets the page; the browser must end
 * clean (ctx.assertClean) once fn returns.
 */
export function formTests({ server, browser, skip, timeout = 60_000 }) {
  const contexts = {}
  after(async () => {
    for (const c of Object.values(contexts)) await c.close().catch(() => {})
  })
  return (name, { js = true } = {}, fn) =>
    it(name, { timeout, skip }, async () => {
      await server.start()
      const key = js ? 'js' : 'nojs'
      contexts[key] ??= await openContext(await browser.get(), server.origin, {
        javaScriptEnabled: js,
        expectedStatus: (_url, status) => status === 422,
      })
      const ctx = contexts[key]
      const page = await ctx.context.newPage()
      try {
        await fn(page)
        await ctx.settle()
        // Chromium logs every 4xx document as a console error: the 422 is the answer asked for.
        const refused = (p) => /console error: Failed to load resource: .* status of 422\b/.test(p)
        ctx.problems.splice(0, ctx.problems.length, ...ctx.problems.filter((p) => !refused(p)))
        ctx.assertClean(name)
      } catch (err) {
        const notes = [`at ${page.url()}`]
        if (ctx.problems.length) notes.push(`browser problems:\n  ${ctx.problems.join('\n  ')}`)
        const warnings = server.warnings()
        if (warnings.length) notes.push(`server warnings:\n  ${warnings.slice(-3).join('\n  ')}`)
        err.message += '\n' + notes.join('\n')
        throw err
      } finally {
        ctx.problems.length = 0
        await page.close()
      }
    })
}
