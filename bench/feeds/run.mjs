// The CRM feed's figures (issue #33, "Measured"): a 10 000-listing feed,
// on SQLite and then on PostgreSQL —
//   (a) a run with nothing changed (target: ≤ 2 s, ≤ 50 MB above the
//       server's resident memory),
//   (b) a run with 1 % changed, 100 prices (target: ≤ 5 s from the run's
//       start until the pages show it).
// The catalog is the demo's (internal/adapter/demo/catalog.json) copied
// under new IDs, prices and cities varied, served by a local HTTP server
// WITHOUT validators (no ETag, no Last-Modified): every pull downloads and
// hashes the whole file, the worst case of "nothing changed" (a CRM giving
// an ETag gets a 304, measured once too).
//
// What is measured is the SERVER's run, as the issue means it: the feed is
// pulled by `immo serve` on its schedule (`immo feeds resume ID` makes it
// due at once; the server's tick, every minute, queues its pull). The
// run's duration is its started→ended in feed_runs; the memory is the
// server's resident set sampled every 20 ms during the run (and its VmHWM,
// reset before the run through /proc/PID/clear_refs) minus the resident
// set just before. The initial import is a `immo feeds run` (the command's
// process); the same command is timed again on both cases for comparison
// (its wall time and peak RSS from /usr/bin/time), and the whole file
// POSTed to the push door with nothing changed (a full import of 10 000
// unchanged records in the server: what a CRM that pushes costs).
//
// Run: node bench/feeds/run.mjs  (from the repository's root; IMMO_BIN names
// another binary, default bin/immo; BENCH_PG the PostgreSQL server, default
// postgres://postgres@127.0.0.1:5432, a fresh database is made and dropped;
// BENCH_N the listings, default 10000; BENCH_DB=sqlite or postgres for one;
// BENCH_PPROF=DIR saves the server's CPU profile of the changed run and its
// allocations before and after each run, through IMMO_DEBUG_ADDR; BENCH_JSON=FILE
// the figures). Figures and where the time goes: bench/feeds/README.md.
import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const exec = promisify(execFile)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const bin = path.resolve(process.env.IMMO_BIN ?? path.join(root, 'bin', 'immo'))
const pg = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'
const N = Number(process.env.BENCH_N ?? 10_000)
const CHANGED = Math.max(1, Math.round(N / 100))
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const MB = (kb) => (kb / 1024).toFixed(0)

// ---------------------------------------------------------------- the catalog

const demo = JSON.parse(readFileSync(path.join(root, 'internal/adapter/demo/catalog.json'), 'utf8'))
// The demo's places (zip, city, coordinates) per country: a copy moves to another place of its country.
const places = {}
for (const p of demo.properties) {
  ;(places[p.CountryID] ??= []).push({ Zip: p.Zip, City: p.City, Latitude: p.Latitude, Longitude: p.Longitude })
}

/** N properties: the demo's copied under IDs 6 000 000 + k, their prices and places varied. */
function catalog() {
  const properties = []
  for (let k = 0; properties.length < N; k++) {
    const d = structuredClone(demo.properties[k % demo.properties.length])
    d.ID = 6_000_000 + k
    if (d.Price > 0) d.Price += (k % 97) * 1000
    const pool = places[d.CountryID]
    if (pool && k >= demo.properties.length) Object.assign(d, pool[(k * 7) % pool.length])
    properties.push(d)
  }
  return { types: demo.types, projects: demo.projects, properties }
}

/** The catalog with CHANGED prices raised: every 100th property with a price. The changed IDs and new prices. */
function changed(cat, bump) {
  const next = structuredClone(cat)
  const ids = []
  for (let i = 0; ids.length < CHANGED && i < next.properties.length; i += Math.floor(N / CHANGED)) {
    const p = next.properties[i]
    if (!(p.Price > 0) || !p.PublishPrice) {
      i -= Math.floor(N / CHANGED) - 1 // the next one
      continue
    }
    p.Price = 900_000 + bump * 10_000 + ids.length * 17 // 9xx xxx: a price no other listing has
    ids.push({ id: p.ID, price: p.Price, goal: p.Goal })
  }
  return { cat: next, ids }
}

// ---------------------------------------------------------------- the CRM

/** The CRM's export: one file at /export.json, its bytes swapped by set(); validators only when etag is on. */
function crm() {
  let body = Buffer.alloc(0)
  let etag = ''
  const state = { etag: false, requests: 0, notModified: 0 }
  const server = createServer((req, res) => {
    if (req.url !== '/export.json') return res.writeHead(404).end()
    state.requests++
    if (state.etag && req.headers['if-none-match'] === etag) {
      state.notModified++
      return res.writeHead(304, { ETag: etag }).end()
    }
    const h = { 'Content-Type': 'application/json', 'Content-Length': body.length }
    if (state.etag) h.ETag = etag
    res.writeHead(200, h).end(body)
  })
  return {
    state,
    set(buf) {
      body = buf
      etag = `"${createHash('sha256').update(buf).digest('hex').slice(0, 32)}"`
    },
    listen: () => new Promise((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${server.address().port}/export.json`))),
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r) }),
  }
}

// ---------------------------------------------------------------- the site

const freePort = () => new Promise((resolve) => {
  const s = createNetServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)) })
})

function baseEnv(db) {
  const env = { ...process.env, IMMO_MAP_TILES: 'none', IMMO_PRERENDER: 'off', IMMO_FEED_PRIVATE_HOSTS: '127.0.0.1' }
  for (const k of ['IMMO_ADDR', 'IMMO_DATA_DIR', 'IMMO_PUBLIC_URL', 'IMMO_CONFIG', 'IMMO_CLOCK_FILE', 'IMMO_SECRET']) delete env[k]
  env.DATABASE_URL = db.url ?? ''
  return env
}

/** `immo ARGS --data-dir D` on db; its output. */
async function immo(db, args) {
  const { stdout } = await exec('nice', [bin, ...args, '--data-dir', db.dir], { env: baseEnv(db), maxBuffer: 64 << 20 })
  return stdout
}

/** `immo feeds run ID` under /usr/bin/time -v: its output, wall time and peak RSS (kB). */
async function commandRun(db, id) {
  const t0 = performance.now()
  const { stdout, stderr } = await exec('/usr/bin/time', ['-v', 'nice', bin, 'feeds', 'run', String(id), '--data-dir', db.dir],
    { env: baseEnv(db), maxBuffer: 64 << 20 })
  const wall = performance.now() - t0
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0)
  return { out: stdout.trim(), wall, rss }
}

async function startServer(db) {
  const port = await freePort()
  const env = baseEnv(db)
  const debug = process.env.BENCH_PPROF ? `127.0.0.1:${await freePort()}` : ''
  if (debug) env.IMMO_DEBUG_ADDR = debug
  const child = spawn('nice', [bin, 'serve', '--addr', `127.0.0.1:${port}`, '--data-dir', db.dir], {
    env, stdio: ['ignore', 'pipe', 'pipe'],
  })
  const kill = () => child.kill('SIGKILL')
  process.on('exit', kill)
  const lines = []
  for (const s of [child.stdout, child.stderr]) {
    s.setEncoding('utf8')
    s.on('data', (c) => { lines.push(...c.split('\n')); if (lines.length > 2000) lines.splice(0, lines.length - 2000) })
  }
  const url = `http://127.0.0.1:${port}`
  for (let t = 0; ; t += 200) {
    if (child.exitCode !== null) throw new Error(`immo serve exited:\n${lines.join('\n')}`)
    try { if ((await fetch(url + '/readyz')).ok) break } catch {}
    if (t > 120_000) throw new Error(`immo serve not ready after 120 s:\n${lines.join('\n')}`)
    await sleep(200)
  }
  return {
    url, pid: child.pid, debug, log: () => lines.join('\n'),
    async stop() {
      process.off('exit', kill)
      child.kill('SIGTERM')
      await new Promise((r) => child.exitCode !== null ? r() : child.once('exit', r))
    },
  }
}

/** Saves the server's profile (BENCH_PPROF=DIR, IMMO_DEBUG_ADDR's pprof). */
async function saveProfile(srv, name, kind) {
  const res = await fetch(`http://${srv.debug}/debug/pprof/${kind}`)
  await writeFile(path.join(process.env.BENCH_PPROF, name), Buffer.from(await res.arrayBuffer()))
}

// `nice` execs immo in the same process: the child's pid is the server's.
async function status(pid) {
  const s = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)[1])
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') }
}

/** Samples pid's resident set every 20 ms until stop(); the highest seen, and the samples ({t, rss}). */
function sampler(pid) {
  let max = 0
  let on = true
  const samples = []
  const loop = (async () => {
    while (on) { const { rss } = await status(pid); samples.push({ t: Date.now(), rss }); max = Math.max(max, rss); await sleep(20) }
  })()
  const stop = async () => { on = false; await loop; return max }
  stop.samples = samples
  return stop
}

/** The highest sample within [from, to]. */
const peakIn = (samples, from, to) => Math.max(0, ...samples.filter((x) => x.t >= from && x.t <= to).map((x) => x.rss))

/** Waits for the server's CPU to calm down (the catalog loaded, its first pages): < 5 % over 2 s. */
async function idle(pid, limit = 120_000) {
  const ticks = async () => { const f = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]) }
  const t0 = performance.now()
  for (;;) {
    const a = await ticks()
    await sleep(2000)
    if ((await ticks()) - a < 10 || performance.now() - t0 > limit) return
  }
}

// ---------------------------------------------------------------- the runs, from the database

async function lastRun(db) {
  const q = 'SELECT id, status, trigger_kind, started_at, ended_at, report FROM feed_runs ORDER BY id DESC LIMIT 1'
  let row
  if (db.url) {
    const { stdout } = await exec('psql', [db.url, '-AtX', '-c', `SELECT row_to_json(r) FROM (${q.replace('started_at, ended_at', "to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS started_at, to_char(ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS ended_at")}) r`])
    row = stdout.trim() ? JSON.parse(stdout) : null
  } else {
    const { stdout } = await exec('sqlite3', ['-json', path.join(db.dir, 'immo.db'), q])
    row = stdout.trim() ? JSON.parse(stdout)[0] : null
  }
  if (!row) return null
  const t = (s) => Date.parse(String(s).replace(' ', 'T').replace(/(\.\d{3})\d*/, '$1'))
  const report = typeof row.report === 'string' ? JSON.parse(row.report) : row.report
  return { id: Number(row.id), status: row.status, trigger: row.trigger_kind, started: t(row.started_at), ended: t(row.ended_at), report }
}

const counts = (r) => { const p = r.report?.properties ?? r.report?.Properties ?? {}; return JSON.stringify(p) }

/** Waits until the server starts a pull (the feed's lease taken: locked_until set), polling every 50 ms. */
async function nextRunStart(db, after) {
  void after
  const q = 'SELECT count(*) FROM feeds WHERE locked_until IS NOT NULL'
  for (let t = 0; t < 150_000; t += 50) {
    const { stdout } = db.url ? await exec('psql', [db.url, '-AtX', '-c', q]) : await exec('sqlite3', [path.join(db.dir, 'immo.db'), q])
    if (Number(stdout.trim()) > 0) return
    await sleep(50)
  }
}

/** Waits for a run newer than after (the server's tick: within a minute). */
async function nextRun(db, after, limit = 150_000) {
  const t0 = performance.now()
  for (;;) {
    const r = await lastRun(db)
    if (r && r.id > after) return r
    if (performance.now() - t0 > limit) throw new Error(`no run after ${after} within ${limit / 1000} s`)
    await sleep(100)
  }
}

// ---------------------------------------------------------------- the pages

/** The public pages of the properties with these IDs, from the sitemap (and its index). */
async function pagesOf(url, ids) {
  const want = new Set(ids.map(String))
  const found = new Map()
  const visit = async (u) => {
    const xml = await (await fetch(u)).text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    if (xml.includes('<sitemapindex')) { for (const l of locs) await visit(url + new URL(l).pathname); return }
    for (const l of locs) {
      const p = new URL(l).pathname
      const id = /(\d{7})(?:\D|$)/.exec(p)?.[1]
      if (id && want.has(id) && !found.has(id) && /^\/fr\//.test(p)) found.set(id, url + p)
    }
  }
  await visit(url + '/sitemap.xml')
  return found
}

/** Whether the page shows the price: its digits, however they are grouped. */
const shows = (html, price) => html.replace(/(\d)[\s\u00a0\u202f.,']+(?=\d{3}\b)/g, '$1').includes(String(price))

// ---------------------------------------------------------------- one database

async function bench(db) {
  const out = { db: db.name }
  const feed = crm()
  const base = catalog()
  const file0 = Buffer.from(JSON.stringify(base))
  out.size = file0.length
  feed.set(file0)
  const feedURL = await feed.listen()
  const added = await immo(db, ['feeds', 'add', 'CRM bench', feedURL, '--every', '10080'])
  const id = Number(/feed (\d+) added/.exec(added)[1])
  const token = /push token[^:]*: (\S+)/.exec(added)[1]
  await immo(db, ['feeds', 'pause', String(id)])

  // The initial import, in the command's process.
  const first = await commandRun(db, id)
  const r0 = await lastRun(db)
  out.initial = { run: r0.ended - r0.started, wall: first.wall, rss: first.rss, counts: counts(r0), status: r0.status }
  console.log(`[${db.name}] initial import: ${first.out.split('\n').slice(0, 2).join('; ')} — ${(r0.ended - r0.started)} ms, peak ${MB(first.rss)} MB`)

  const srv = await startServer(db)
  try {
    await idle(srv.pid)
    // A changed property's page, found through the sitemap, and seen once (warm).
    const v1 = changed(base, 1)
    const pages = await pagesOf(srv.url, v1.ids.map((x) => x.id))
    const probe = v1.ids.find((x) => pages.has(String(x.id)))
    if (!probe) throw new Error('no changed property in the sitemap')
    const page = pages.get(String(probe.id))
    const before = await (await fetch(page)).text()
    if (shows(before, probe.price)) throw new Error(`${page} shows ${probe.price} already`)
    await idle(srv.pid)

    // A scheduled pull by the server, with its memory watched.
    const serverRun = async (watchPage) => {
      const prev = (await lastRun(db))?.id ?? 0
      const rss0 = (await status(srv.pid)).rss
      await writeFile(`/proc/${srv.pid}/clear_refs`, '5').catch(() => {}) // VmHWM := VmRSS
      if (process.env.BENCH_PPROF) await saveProfile(srv, `${db.name}-${watchPage ? 'changed' : 'unchanged'}.allocs-before.pprof`, 'allocs')
      const stop = sampler(srv.pid)
      const t0 = Date.now()
      const logFrom = srv.log().length
      await immo(db, ['feeds', 'resume', String(id)])
      // BENCH_PPROF=DIR: the server's CPU profile from the run's start until the page shows it (the changed run).
      const profiling = watchPage && srv.debug && (async () => {
        const r0 = await nextRunStart(db, prev)
        void r0
        const res = await fetch(`http://${srv.debug}/debug/pprof/profile?seconds=25`)
        await writeFile(path.join(process.env.BENCH_PPROF, `${db.name}-changed.cpu.pprof`), Buffer.from(await res.arrayBuffer()))
      })()
      let seen = 0
      const watching = watchPage && (async () => {
        for (;;) {
          const html = await (await fetch(page)).text()
          if (shows(html, probe.price)) { seen = Date.now(); return }
          if (Date.now() - t0 > 180_000) throw new Error(`${page} does not show ${probe.price} after 180 s`)
          await sleep(100)
        }
      })()
      const r = await nextRun(db, prev)
      if (watching) await watching
      if (profiling) await profiling
      if (process.env.BENCH_PPROF) writeFileSync(path.join(process.env.BENCH_PPROF, `${db.name}-${watchPage ? 'changed' : 'unchanged'}.log`), srv.log().slice(logFrom))
      else await sleep(1000) // what follows the run (the owners' hook, the catalog's reload)
      const peak = Math.max(await stop(), (await status(srv.pid)).hwm)
      if (process.env.BENCH_PPROF) await saveProfile(srv, `${db.name}-${watchPage ? 'changed' : 'unchanged'}.allocs-after.pprof`, 'allocs')
      await immo(db, ['feeds', 'pause', String(id)])
      // During the run (fetch, import), and after it (the catalog's reload, the alerts' scan, the page).
      const inRun = peakIn(stop.samples, r.started, r.ended) - rss0
      const afterRun = peakIn(stop.samples, r.ended, Infinity) - rss0
      return { run: r.ended - r.started, status: r.status, trigger: r.trigger, counts: counts(r), waited: r.started - t0,
        rss0, peak, above: peak - rss0, inRun, afterRun, visible: seen ? seen - r.started : null }
    }

    // (a) nothing changed: the same file again, no validators (downloaded and hashed).
    out.unchanged = await serverRun(false)
    console.log(`[${db.name}] unchanged (server): ${JSON.stringify(out.unchanged)}`)
    // (a') the same with an ETag: the run after one applying it is a 304.
    // (b) 1 % changed: CHANGED prices; until the probe's page shows its new price.
    feed.set(Buffer.from(JSON.stringify(v1.cat)))
    out.changed = await serverRun(true)
    console.log(`[${db.name}] ${CHANGED} changed (server): ${JSON.stringify(out.changed)}`)

    // The whole file pushed with nothing changed: the server imports 10 000 unchanged records.
    {
      const body = Buffer.from(JSON.stringify(v1.cat))
      const rss0 = (await status(srv.pid)).rss
      await writeFile(`/proc/${srv.pid}/clear_refs`, '5').catch(() => {})
      const stop = sampler(srv.pid)
      const t0 = performance.now()
      await immo(db, ['feeds', 'resume', String(id)]) // a paused feed refuses pushes
      const t1 = performance.now()
      const res = await fetch(`${srv.url}/api/feed/${id}`, { method: 'POST', body, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })
      const ans = await res.json()
      const wall = performance.now() - t1
      await sleep(1000)
      const peak = Math.max(await stop(), (await status(srv.pid)).hwm)
      await immo(db, ['feeds', 'pause', String(id)])
      const r = await lastRun(db)
      out.push = { http: res.status, status: ans.status, run: r.ended - r.started, wall, counts: JSON.stringify(ans.properties), rss0, peak, above: peak - rss0 }
      void t0
      console.log(`[${db.name}] push, nothing changed (server): ${JSON.stringify(out.push)}`)
    }

    // The command's runs, for comparison (the server stays up: its catalog follows).
    const cmd = async () => { const c = await commandRun(db, id); const r = await lastRun(db); return { run: r.ended - r.started, wall: c.wall, rss: c.rss, status: r.status, counts: counts(r) } }
    out.cmdUnchanged = await cmd()
    const v2 = changed(base, 2)
    feed.set(Buffer.from(JSON.stringify(v2.cat)))
    out.cmdChanged = await cmd()
    // With an ETag: the feed keeps the validators of the file it applies; the next pull is a 304.
    feed.state.etag = true
    feed.set(Buffer.from(JSON.stringify(changed(base, 3).cat)))
    await cmd()
    out.cmd304 = await cmd()
    out.cmd304.notModified = feed.state.notModified
    feed.state.etag = false
    console.log(`[${db.name}] command: unchanged ${JSON.stringify(out.cmdUnchanged)}; changed ${JSON.stringify(out.cmdChanged)}; 304 ${JSON.stringify(out.cmd304)}`)
    out.baseline = (await status(srv.pid)).rss
  } catch (err) {
    console.error(srv.log().split('\n').slice(-40).join('\n'))
    throw err
  } finally {
    await srv.stop()
    await feed.close()
  }
  return out
}

// ---------------------------------------------------------------- main

const which = process.env.BENCH_DB
const results = []
if (!which || which === 'sqlite') {
  const dir = await mkdtemp(path.join(tmpdir(), 'immo-feedbench-'))
  try { results.push(await bench({ name: 'SQLite', dir })) } finally { await rm(dir, { recursive: true, force: true }) }
}
if (!which || which === 'postgres') {
  const dbname = `immo_feedbench_${process.pid}`
  await exec('psql', [`${pg}/postgres`, '-c', `CREATE DATABASE ${dbname}`])
  const dir = await mkdtemp(path.join(tmpdir(), 'immo-feedbench-'))
  try {
    results.push(await bench({ name: 'PostgreSQL', dir, url: `${pg}/${dbname}?sslmode=disable` }))
  } finally {
    await rm(dir, { recursive: true, force: true })
    await exec('psql', [`${pg}/postgres`, '-c', `DROP DATABASE IF EXISTS ${dbname} WITH (FORCE)`]).catch(() => {})
  }
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`
const ok = (b) => (b ? 'ok' : 'MISSED')
console.log(`\n${N} listings, ${CHANGED} changed; the feed's file ${(results[0]?.size / 1e6).toFixed(1)} MB, served without validators\n`)
const rows = [['', ...results.map((r) => r.db)]]
const row = (label, f) => rows.push([label, ...results.map(f)])
row('initial import (command): run / peak RSS', (r) => `${s(r.initial.run)} / ${MB(r.initial.rss)} MB`)
row('server RSS before the runs', (r) => `${MB(r.unchanged.rss0)} MB`)
row('(a) nothing changed, server pull: run (target 2 s)', (r) => `${s(r.unchanged.run)} ${ok(r.unchanged.run <= 2000)}`)
row('(a) peak RSS above before (target 50 MB)', (r) => `${MB(r.unchanged.above)} MB ${ok(r.unchanged.above <= 50 * 1024)}`)
row('(b) 1 % changed, server pull: run', (r) => `${s(r.changed.run)}`)
row('(b) run start → page shows it (target 5 s)', (r) => `${s(r.changed.visible)} ${ok(r.changed.visible <= 5000)}`)
row('(b) peak RSS above before: during the run / after it', (r) => `${MB(r.changed.inRun)} MB / ${MB(r.changed.afterRun)} MB`)
row('push of the file, nothing changed: run / above', (r) => `${s(r.push.run)} / ${MB(r.push.above)} MB`)
row('command, nothing changed: run / wall / peak', (r) => `${s(r.cmdUnchanged.run)} / ${s(r.cmdUnchanged.wall)} / ${MB(r.cmdUnchanged.rss)} MB`)
row('command, 1 % changed: run / wall / peak', (r) => `${s(r.cmdChanged.run)} / ${s(r.cmdChanged.wall)} / ${MB(r.cmdChanged.rss)} MB`)
row('command, ETag 304: run / wall / peak', (r) => `${s(r.cmd304.run)} / ${s(r.cmd304.wall)} / ${MB(r.cmd304.rss)} MB`)
const w = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)))
for (const r of rows) console.log(r.map((c, i) => String(c).padEnd(w[i])).join('  '))
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2))
