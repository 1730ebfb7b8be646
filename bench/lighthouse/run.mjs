// make lighthouse: Lighthouse's default mobile audit (simulated throttling)
// of the demo site's page kinds, for an undecided visitor (a fresh browser
// profile: the cookie dialog shows), with Debian's Chromium.
//
// It starts bin/immo on a fresh data folder (IMMO_MAP_TILES=none: nothing
// leaves the machine), waits until the picture variants are made (a first
// start makes them in the background; before that pages get the originals),
// visits every page once so the audit measures the cached page, then audits
// each page ROUNDS times and prints one row per run: the four scores, the
// paint and blocking metrics, the bytes transferred (all, and JavaScript)
// and what the largest contentful paint was.
//
//	node run.mjs [--rounds N] [--pages home,list,...] [--url https://host]
//
// --url audits a server already running (a TLS front, say) instead of
// starting one. The JSON reports are kept in a folder the run names.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startImmo } from '../lib/immo.mjs'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    pages: { type: 'string', default: 'home,list,property,project,contact,valuation,register' },
    url: { type: 'string' },
  },
})

// The page kinds by name (the seven: #34). The property is the demo's 4100001, which has
// every section, at its canonical address (the one cached); the project is
// the first on the projects page.
const PAGES = {
  home: async () => '/fr/',
  list: async () => '/fr/a-vendre/',
  property: (base) => firstLink(base, '/fr/property/4100001/', /<link rel="canonical" href="https?:\/\/[^/]+(\/[^"]+)"/),
  project: (base) => firstLink(base, '/fr/projets/', /href="(\/fr\/project\/\?id=\d+)"/),
  contact: async () => '/fr/contact/',
  valuation: async () => '/fr/estimation-gratuite/',
  register: async () => '/fr/recherche/',
}

// Chromium as the e2e tests run it, with its own background traffic off so
// only the page's requests are measured.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--metrics-recording-only',
  '--ignore-certificate-errors', // a local TLS front's own certificate (--url)
]

async function firstLink(base, path, re) {
  const html = await (await fetch(base + path)).text()
  const m = html.replaceAll('&amp;', '&').match(re)
  if (!m) throw new Error(`no link matching ${re} on ${path}`)
  return m[1]
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  try {
    // No config: Lighthouse's default, a mobile device with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    return result.lhr
  } finally {
    await chrome.kill()
  }
}

const kib = (bytes) => (bytes / 1024).toFixed(0)

// One row of the table from a report.
function row(name, round, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  let total = 0
  let js = 0
  let scripts = 0
  for (const r of requests) {
    total += r.transferSize ?? 0
    if (r.resourceType === 'Script') {
      js += r.transferSize ?? 0
      scripts++
    }
  }
  const lcpNode = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((i) => i.type === 'node')
  return {
    page: name,
    round,
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    LCP: `${(ms('largest-contentful-paint') / 1000).toFixed(2)} s`,
    FCP: `${(ms('first-contentful-paint') / 1000).toFixed(2)} s`,
    TBT: `${Math.round(ms('total-blocking-time'))} ms`,
    CLS: ms('cumulative-layout-shift').toFixed(3),
    'weight KiB': kib(total),
    'JS KiB': `${kib(js)} (${scripts} files)`,
    'LCP element': lcpNode ? `${lcpNode.selector ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 40)}"` : '(none found)',
  }
}

const server = args.url ? { base: args.url.replace(/\/$/, ''), stop() {} } : await startImmo('lighthouse')
const reports = mkdtempSync(join(tmpdir(), 'immo-lighthouse-reports-'))
const rows = []
try {
  const pages = []
  for (const name of args.pages.split(',')) {
    if (!PAGES[name]) throw new Error(`unknown page ${name}: one of ${Object.keys(PAGES).join(', ')}`)
    const path = await PAGES[name](server.base)
    // A first visit renders and caches the page; the audit measures the cached page.
    await fetch(server.base + path, { headers: { 'Accept-Encoding': 'gzip' } })
    pages.push({ name, path })
  }
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const { name, path } of pages) {
      const lhr = await audit(server.base + path)
      writeFileSync(join(reports, `${name}-${round}.json`), JSON.stringify(lhr))
      if (lhr.runtimeError) console.error(`${name}: ${lhr.runtimeError.message}`)
      rows.push(row(`${name} ${path}`, round, lhr))
      console.error(`${name} round ${round}: done`)
    }
  }
} finally {
  server.stop()
}

// The table, as Markdown, so it can go into docs/ARCHITECTURE.md as is.
const heads = Object.keys(rows[0])
console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${new Date().toISOString().slice(0, 10)}, mobile, simulated throttling, Chromium at ${CHROMIUM}`)
console.log(`| ${heads.join(' | ')} |`)
console.log(`|${heads.map(() => '---').join('|')}|`)
for (const r of rows) console.log(`| ${heads.map((h) => r[h]).join(' | ')} |`)
console.log(`reports: ${reports}`)
