// The site editor's publish figure (issue #32, "Measured"): on the demo,
// two servers on one PostgreSQL database, a new version published (as the
// editor's Publish does: a new version in the store, its footer changing
// every page) — the time until
// both servers answer /fr/ with it (target: 2 s), and until every page of
// the sitemap is rendered again in the background (target: 60 s on 2
// cores), read from each server's "pre-rendered the sitemap's pages" log.
// Run: make build && (cd e2e && npm ci) && node bench/siteeditor/publish.mjs
// (IMMO_BIN names another binary; BENCH_PG the server, default
// postgres://postgres@127.0.0.1:5432). A fresh database is made and dropped.
import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { binaryPath, startServer } from '../../e2e/lib/server.mjs'

const run = promisify(execFile)
const pg = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'
const db = `bench_publish_${process.pid}`
await run('psql', [`${pg}/postgres`, '-c', `CREATE DATABASE ${db}`])
const url = `${pg}/${db}?sslmode=disable`
const env = { DATABASE_URL: url, IMMO_PRERENDER: 'on' }
const servers = []
try {
  servers.push(await startServer([], { env }))
  servers.push(await startServer([], { env }))
  const passes = (s) => s.log().split('\n').filter((l) => l.includes('pre-rendered the sitemap'))
  // Both servers' first pass over the sitemap, before the publication.
  for (;;) {
    if (servers.every((s) => passes(s).length > 0)) break
    await new Promise((r) => setTimeout(r, 500))
  }
  const before = servers.map((s) => passes(s).length)
  const dir = await mkdtemp(path.join(tmpdir(), 'immo-bench-'))
  const { stdout: exported } = await run(binaryPath(), ['config', 'export'], { env: { ...process.env, DATABASE_URL: url } })
  const title = `Printemps ${Date.now()}`
  // The banner's French title (the home page), and the copyright of every page's footer: every page changes.
  const next = exported.replace('"fr": "Votre agence immobilière à Arlon"', `"fr": "${title}"`)
    .replaceAll(/("(?:nl|fr|en|de)": "© \{\{year\}\} Immo Arlon) –/g, '$1 (2027) –')
  if (next === exported || next.split('(2027) –').length !== 5) throw new Error('the banner title or the copyright is not where the bench looks for it')
  const file = path.join(dir, 'site.json')
  await writeFile(file, next)
  const start = performance.now()
  await run(binaryPath(), ['config', 'import', file], { env: { ...process.env, DATABASE_URL: url } })
  const published = performance.now() - start
  const seen = servers.map(() => 0)
  for (;;) {
    await Promise.all(servers.map(async (s, i) => {
      if (seen[i]) return
      const body = await (await fetch(s.url + '/fr/')).text()
      if (body.includes(title)) seen[i] = performance.now() - start
    }))
    if (seen.every(Boolean)) break
    if (performance.now() - start > 30_000) throw new Error('the new version not served after 30 s')
    await new Promise((r) => setTimeout(r, 50))
  }
  // A pass a newer generation interrupts stops early and another follows: the figure is the end of the first whole
  // pass (every sitemap address rendered or found current) after the publication.
  const counts = (line) => ['rendered', 'current', 'skipped'].map((k) => Number(new RegExp(`${k}=(\\d+)`).exec(line)?.[1] ?? 0))
  const whole = (line, total) => counts(line).reduce((a, b) => a + b, 0) >= total
  const totals = servers.map((s) => Math.max(...passes(s).slice(0, 1).map((l) => counts(l).reduce((a, b) => a + b, 0))))
  const rendered = servers.map(() => '')
  for (;;) {
    servers.forEach((s, i) => {
      const p = passes(s).slice(before[i])
      const done = p.findIndex((l) => whole(l, totals[i]))
      if (!rendered[i] && done >= 0) {
        const sum = p.slice(0, done + 1).map(counts).reduce((a, c) => a.map((x, j) => x + c[j]), [0, 0, 0])
        rendered[i] = `${((performance.now() - start) / 1000).toFixed(1)} s (${p.length === done + 1 ? '' : 'about '}${done + 1} pass(es): ${sum[0]} rendered, ${sum[1]} current of ${totals[i]})`
      }
    })
    if (rendered.every(Boolean)) break
    if (performance.now() - start > 300_000) throw new Error('no pre-render pass after 300 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  console.log(`published (immo config import) in ${published.toFixed(0)} ms`)
  console.log(`served on /fr/: server 1 after ${seen[0].toFixed(0)} ms, server 2 after ${seen[1].toFixed(0)} ms`)
  console.log(`the sitemap rendered again: server 1 ${rendered[0]}; server 2 ${rendered[1]}`)
} finally {
  await Promise.all(servers.map((s) => s.stop()))
  await run('psql', [`${pg}/postgres`, '-c', `DROP DATABASE IF EXISTS ${db}`]).catch(() => {})
}
