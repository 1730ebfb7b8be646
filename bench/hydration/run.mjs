// Where the page's hydration goes, part by part (issue #34): for each page, on a phone with the CPU slowed
// 4× (Lighthouse's mobile profile), the tasks of the hydration in slices — the parts each one hydrated, by
// name, its elements, and whether the browser saw it as a long task — and, with --part NAME, a CPU profile
// of exactly the task in which that part hydrated: its busy time by our own function (Preact's work and the
// browser's under "(runtime)").
//
// It needs a bench build, whose slices log their parts (web/src/lib/hydration/slices.tsx; every other build
// drops the log), served by a binary of its own:
//
//	cd web && VITE_SLICE_LOG=1 npx vite build --minify false && node scripts/build-server.mjs && cd ..
//	go build -tags nodynamic -o /tmp/immo-bench ./cmd/immo
//	(cd web && npm run clean) && make build   # the real dist again
//	IMMO_MAP_TILES=none /tmp/immo-bench serve --data-dir /tmp/bench-data --addr 127.0.0.1:8092 &
//	node bench/hydration/run.mjs --url http://127.0.0.1:8092 [--part PropertyPage] /fr/property/4100001/ /fr/a-vendre/
//
// A measure, not a test: its times move with the machine's load (the elements do not).
import { parseArgs } from 'node:util'
import { chromium } from '../../e2e/node_modules/playwright-core/index.mjs'

const { values: opts, positionals: paths } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8092' },
    part: { type: 'string' },
    width: { type: 'string', default: '412' },
    rate: { type: 'string', default: '4' },
  },
})
const phone = opts.width === '412'
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' })
try {
  for (const path of paths.length ? paths : ['/fr/', '/fr/a-vendre/', '/fr/property/4100001/']) await measure(path)
} finally {
  await browser.close()
}

async function measure(path) {
  const context = await browser.newContext({ viewport: { width: Number(opts.width), height: 823 }, isMobile: phone, hasTouch: phone })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(opts.rate) })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 })
  const profiles = []
  cdp.on('Profiler.consoleProfileFinished', (e) => profiles.push(e.profile))
  await page.addInitScript((part) => {
    window.immoProfilePart = part
    window.immoLongTasks = []
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.immoLongTasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true })
  }, opts.part ?? null)
  await page.goto(opts.url + path, { waitUntil: 'domcontentloaded' })
  await page.keyboard.press('Shift') // the visitor's first turn brings the app
  await page.evaluate(() => new Promise((resolve) => (function wait() { window.immoHydrated ? resolve() : setTimeout(wait, 200) })()))
  await page.waitForTimeout(200)
  const { log, work, long } = await page.evaluate(() => ({ log: window.immoSliceLog ?? [], work: window.immoHydration ?? [], long: window.immoLongTasks }))
  if (!log.length) throw new Error('no part log: is this a bench build (VITE_SLICE_LOG=1)?')
  console.log(`${path} at ${opts.width} px, ${work.length} tasks; the first (the skeleton): ${work[0]} elements`)
  for (const task of log) {
    const inLong = long.find(([start, duration]) => start <= task.t && task.t <= start + duration)
    console.log(`  task ${String(task.task).padStart(2)}: ${String(work[task.task - 1] ?? 0).padStart(3)} elements${inLong ? `, in a long task of ${Math.round(inLong[1])} ms` : ''} — ${task.parts.join(', ')}`)
  }
  if (opts.part) report(profiles[0])
  await context.close()
}

/** The profile's busy time by the nearest frame of our own code (not Preact's, not the browser's). */
function report(profile) {
  if (!profile) return console.log(`  (no part named ${opts.part} hydrated)`)
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id)
  const own = new Map()
  let busy = 0
  profile.samples.forEach((id, i) => {
    if (nodes.get(id).callFrame.functionName === '(idle)') return
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    busy += ms
    let key = '(runtime)'
    for (let at = id; at; at = parent.get(at)) {
      const f = nodes.get(at).callFrame
      const file = f.url.split('/').pop()
      if (f.functionName && file && !/^(compat|client|hooks|preact)[-.]/.test(file)) {
        key = `${f.functionName} (${file}:${f.lineNumber + 1})`
        break
      }
    }
    own.set(key, (own.get(key) ?? 0) + ms)
  })
  console.log(`  ${opts.part}'s task: ${Math.round(busy)} ms busy`)
  for (const [key, ms] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${key}`)
}
