// Total blocking time from the main thread's CPU time (issue #34): what Lighthouse's TBT would be on a machine
// that never takes the CPU away from the page.
//
// Lighthouse's mobile audit loads the page at full speed and counts each main-thread task's wall time four
// times (its simulated 4× slowdown): a task the host descheduled for 30 ms counts 120 ms more. On this
// machine that noise is most of the figure — the smallest page, unchanged, measured 104–1 001 ms TBT on one
// morning, and the reports' long tasks were mostly no script's (docs/ARCHITECTURE.md, "The phone's main
// thread"). A Chromium trace gives each task's thread time beside its wall time: the CPU the task used,
// whatever the host did meanwhile. This counts, like Lighthouse, every main-thread task of the page from its
// first contentful paint until the page is quiet (the app loaded and hydrated: on its own, at idle), each × RATE, and
// sums what exceeds 50 ms — once from wall time (Lighthouse's way) and once from thread time.
//
//	node bench/cputbt/run.mjs [--url http://127.0.0.1:8091] [--rounds 3] [--rate 4] [PATH…]
//
// A fresh browser profile per page (the cookie dialog shows, as in Lighthouse), a 412 × 823 touch phone, no
// network throttling. Against another build on another port it is an A/B that a busy host does not decide.
import { parseArgs } from 'node:util'
import { chromium } from '../../e2e/node_modules/playwright-core/index.mjs'

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8091' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '4' },
    quiet: { type: 'string', default: '6000' },
  },
})
const PAGES = positionals.length
  ? positionals
  : ['/fr/', '/fr/a-vendre/', '/fr/property/4100001/', '/fr/project/?id=5200002', '/fr/contact/', '/fr/estimation-gratuite/', '/fr/recherche/']
const rate = Number(opts.rate)

/** Trace events by the work they are (nested ones overlap: the largest kind names the task). */
const KIND = {
  ParseHTML: 'parse',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  ParseAuthorStyleSheet: 'style',
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' })
try {
  console.log(`| page | TBT from wall time (each round) | TBT from CPU time (each round) | tasks over 50 ms at ${rate}× CPU (CPU time; what most) |`)
  console.log('|---|---|---|---|')
  for (const path of PAGES) {
    const wall = []
    const cpu = []
    let long = []
    for (let i = 0; i < Number(opts.rounds); i++) {
      const r = await measure(path)
      wall.push(r.wall)
      cpu.push(r.cpu)
      long = r.long
    }
    console.log(`| ${path} | ${wall.join(', ')} ms | ${cpu.join(', ')} ms | ${long.length ? long.join(', ') + ' ms' : 'none'} |`)
  }
} finally {
  await browser.close()
}

async function measure(path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const events = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value))
  await cdp.send('Tracing.start', { categories: 'toplevel,loading,devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' })
  await page.goto(opts.url + path, { waitUntil: 'load' })
  // A fixed wait, no script of ours in the page while it is traced: Playwright's waitForFunction injects its
  // own (330 KB, a 100–150 ms task at 4×), which the first version of this bench counted as the app's. The
  // app loads at idle (two seconds at most after the load) and hydrates within a few tasks.
  await page.waitForTimeout(Number(opts.quiet))
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  await done
  // Our builds say when the app has hydrated (another build, without the loader, is not asked).
  if (await page.evaluate(() => !!document.getElementById('app-load') && window.immoHydrated !== true)) {
    console.error(`${path}: the app had not hydrated when the trace ended (--quiet longer)`)
  }
  await context.close()
  return blocking(events)
}

/** The page's main thread: the renderer's thread that ran the navigation's document parse. */
function blocking(events) {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(opts.url))
  if (!parse) throw new Error('no document parse in the trace')
  const { pid, tid } = parse
  // From the first contentful paint, as Lighthouse's TBT (a task before it blocks nothing a visitor sees).
  const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')
  if (!fcp) throw new Error('no first contentful paint in the trace')
  const all = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
  // Top-level tasks only: a task may be traced twice, nested (RunTask in ThreadControllerImpl::RunTask).
  all.sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const tasks = []
  let end = -1
  for (const t of all) {
    if (t.ts < end) continue
    end = t.ts + t.dur
    if (t.ts + t.dur > fcp.ts) tasks.push(t)
  }
  let wall = 0
  let cpu = 0
  const long = []
  for (const t of tasks) {
    // A task that began before the first paint counts from it, as in Lighthouse (its thread time in the
    // same share as its wall time).
    const share = Math.min(1, (t.ts + t.dur - fcp.ts) / t.dur)
    const w = (t.dur / 1000) * rate * share
    const c = (((t.tdur ?? t.dur) / 1000) * rate) * share
    wall += Math.max(0, w - 50)
    cpu += Math.max(0, c - 50)
    if (c > 50) long.push(`${Math.round(c)} (${what(t)})`)
  }
  return { wall: Math.round(wall), cpu: Math.round(cpu), long }

  /** What a task did most, by its direct work: script, style, layout, parse, paint. */
  function what(task) {
    const kinds = new Map()
    for (const e of events) {
      if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || e.ts < task.ts || e.ts >= task.ts + task.dur || !KIND[e.name]) continue
      kinds.set(KIND[e.name], (kinds.get(KIND[e.name]) ?? 0) + (e.tdur ?? e.dur))
    }
    const top = [...kinds].sort((a, b) => b[1] - a[1])[0]
    return top ? top[0] : 'other'
  }
}
