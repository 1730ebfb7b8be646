// The site editor's two figures (issue #32, "Measured"), in Debian's
// Chromium against the built binary on SQLite:
//   - a keystroke to the preview showing it: a new banner title typed, the
//     time until the preview frame's page shows it (the autosave's delay,
//     the PUT, the frame's app asking the page's data again and rendering it);
//   - a publish to the public page showing it: the publish clicked, the time
//     until /fr/ answers the new title.
// Run: make build && (cd e2e && npm ci) && node bench/siteeditor/preview.mjs [rounds]
// (IMMO_BIN names another binary). Prints p50 and p95 of each.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { launchBrowser } from '../../e2e/lib/browser.mjs'
import { binaryPath, startServer } from '../../e2e/lib/server.mjs'

const run = promisify(execFile)
const rounds = Number(process.argv[2] ?? 30)

const server = await startServer()
const browser = await launchBrowser()
try {
  await run(binaryPath(), ['staff', 'add', 'bench@agency.test', '--role', 'admin', '--lang', 'fr', '--data-dir', server.dataDir])
  const { stdout: list } = await run(binaryPath(), ['mail', '--data-dir', server.dataDir])
  const id = list.split('\n').find((r) => r.includes('bench@agency.test')).trim().split(/\s+/)[0]
  const { stdout: mail } = await run(binaryPath(), ['mail', '--data-dir', server.dataDir, '--text', id])
  const link = /\/admin\/password\/\?token=[A-Za-z0-9_%.~-]+/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))[0]
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  page.on('dialog', (d) => void d.accept())
  await page.goto(server.url + link)
  await page.locator('#login-password').fill('correct-horse-42')
  await page.locator('#login-passwordConfirm').fill('correct-horse-42')
  await Promise.all([page.waitForURL((u) => u.pathname === '/admin/leads/'), page.locator('button[type="submit"]').click()])

  const preview = []
  const saved = []
  const rendered = []
  const publish = []
  for (let i = 0; i < rounds; i++) {
    await page.goto(server.url + '/admin/site/')
    await Promise.all([page.waitForURL(/drafts/), page.locator('form:has(input[name="action"][value="edit"]) button').click()])
    await page.locator('[data-section="banner"]').click()
    await page.locator('.site-preview select').selectOption('fr')
    const frame = page.frameLocator('.site-preview iframe')
    await frame.locator('h1, h2').first().waitFor()
    const title = `Printemps ${i} ${Date.now()}`
    const start = performance.now()
    const put = page.waitForResponse((r) => r.url().endsWith('/config') && r.request().method() === 'PUT')
    // The frame's app asks the page's data again (fetch), or, while it is not running, the page loads again (document).
    const doc = page.waitForResponse((r) => r.url().includes('/admin/preview/') && ['document', 'fetch'].includes(r.request().resourceType()))
    await page.locator('[id="site-field-banner.title.fr"]').fill(title)
    await put
    saved.push(performance.now() - start)
    await doc
    rendered.push(performance.now() - start)
    await frame.getByText(title).first().waitFor({ timeout: 20_000 })
    preview.push(performance.now() - start)

    const published = performance.now()
    await Promise.all([page.waitForURL(/done=published/), page.locator('form:has(input[name="action"][value="publish"]) button[type="submit"]').click()])
    for (;;) {
      const body = await (await fetch(server.url + '/fr/')).text()
      if (body.includes(title)) break
      await new Promise((r) => setTimeout(r, 20))
    }
    publish.push(performance.now() - published)
  }
  const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)].toFixed(0)
  console.log(`keystroke → preview shows it: p50 ${pct(preview, 50)} ms, p95 ${pct(preview, 95)} ms (${rounds} rounds; autosave waits 150 ms)`)
  console.log(`  of which: saved p50 ${pct(saved, 50)} ms, the preview's page answered p50 ${pct(rendered, 50)} ms`)
  console.log(`publish → /fr/ shows it:      p50 ${pct(publish, 50)} ms, p95 ${pct(publish, 95)} ms`)
} finally {
  await browser.close()
  await server.stop()
}
