// A journey is a test made of steps that build on each other: once one
// fails, the later ones are skipped with its name, and each failure carries
// what the browser and the server said, which explains most failures.
import { it } from 'node:test'

/**
 * Returns step(name, fn). `state()` gives the journey's current browser
 * context and page (either may not exist yet); `before`, when given, runs
 * ahead of each step (e.g. to start the server and open the page lazily).
 */
export function journey({ server, skip, timeout, state, before }) {
  let failed = null
  return (name, fn) =>
    it(name, { timeout, skip }, async (t) => {
      if (failed) return t.skip(`the step "${failed}" failed`)
      try {
        await before?.()
        await fn()
        const { ctx } = state()
        await ctx.settle()
        ctx.assertClean(name)
      } catch (err) {
        failed = name
        const { ctx, page } = state()
        const notes = page ? [`at ${page.url()}`] : []
        if (ctx?.problems.length) notes.push(`browser problems:\n  ${ctx.problems.join('\n  ')}`)
        const warnings = server.warnings?.() ?? []
        if (warnings.length) notes.push(`server warnings:\n  ${warnings.slice(-3).join('\n  ')}`)
        err.message += '\n' + notes.join('\n')
        throw err
      }
    })
}
