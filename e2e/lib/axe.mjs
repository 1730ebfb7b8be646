// Accessibility check with axe-core, injected into the page from the local
// package (no network). Serious and critical violations fail the test.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** Runs axe on the page and asserts no serious or critical violation. */
export async function assertAccessible(page, label = page.url()) {
  await page.addScriptTag({ content: axeSource })
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] })
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
  })
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  assert.deepEqual(bad, [], `${label}: accessibility violations:\n${JSON.stringify(bad, null, 2)}`)
  return result
}
