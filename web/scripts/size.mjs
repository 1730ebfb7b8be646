// Prints the gzip size of the JavaScript each page kind loads, from the Vite
// manifest, and fails the build when one is over its budget. A first view
// fetches no script: the head's loader (inline, internal/http/web/assets,
// appLoader; a Go test bounds its size) waits for the visitor's first touch,
// key or focus, or for the loaded page to leave the browser idle, and only
// then fetches the app — the client entry with every chunk it imports
// statically, the page's view chunk with its static imports, and one
// language's texts (the largest): what is measured here. What a page loads
// later still — when the visitor turns to a part (the forms and their kit, on
// the focus or a pointer: src/shared/forms/deferred.tsx; the gallery's Swiper)
// or it comes near the viewport (the map frame, ALTCHA, the cookie settings)
// — is not counted.
//
// BUDGET_KIB is the home page's: docs/ARCHITECTURE.md states it (a Go test,
// docs_test.go, keeps the two equal); PAGE_BUDGETS_KIB the other kinds'.
// They hold today's sizes, rounded up with about a KiB to spare, so nothing
// grows unnoticed: lower a budget as a kind gets smaller. Every kind about
// −57 KiB on 2026-11-30 (home 123 → 66): the app runs on Preact's React layer
// instead of React DOM (scripts/preact.mjs); −14 more the day after (66 → 52):
// the texts are read without i18next (src/lib/i18n/i18n.ts); −2 on 2026-12-01 (52 → 50): every page's
// small shared modules in one chunk with the runtime (vite.config.ts).
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const BUDGET_KIB = 50

/** Each page kind: the view chunks it is made of, and its budget (KiB gzip). */
const PAGE_BUDGETS_KIB = {
  home: { views: ['src/features/home/components/HomePage.tsx'], budget: BUDGET_KIB },
  list: { views: ['src/features/list/components/PropertyListPage.tsx'], budget: 48 },
  property: { views: ['src/features/property/components/PropertyPage.tsx'], budget: 52 },
  project: { views: ['src/features/project/components/ProjectPage.tsx'], budget: 44 },
  // The contact page and the configured pages that hold a form are content pages (the Page view), as
  // are the legal pages; the valuation and the demand register are form pages of their own.
  'content and contact': { views: ['src/features/content/components/ContentPage.tsx', 'src/features/content/components/LegalPage.tsx'], budget: 45 },
  'form pages': { views: ['src/features/valuation/components/ValuationPage.tsx', 'src/features/demand/components/DemandRegisterPage.tsx'], budget: 41 },
}

const dist = new URL('../../internal/http/web/assets/dist/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'))
const ENTRY = 'src/entry-client.tsx'
if (!manifest[ENTRY]) throw new Error(`no ${ENTRY} in manifest`)

function closure(keys) {
  const files = new Set()
  const css = new Set()
  ;(function walk(list) {
    for (const k of list) {
      const chunk = manifest[k]
      if (!chunk || files.has(chunk.file)) continue
      files.add(chunk.file)
      chunk.css?.forEach((f) => css.add(f))
      walk(chunk.imports ?? [])
    }
  })(keys)
  return { files, css }
}

const gz = (f) => gzipSync(readFileSync(new URL(f, dist)), { level: 9 }).length
const raw = (f) => readFileSync(new URL(f, dist)).length
const gzTotal = (files) => [...files].reduce((n, f) => n + gz(f), 0)
const size = (files) => {
  let r = 0
  for (const f of files) r += raw(f)
  return `${(r / 1024).toFixed(1)} KiB, ${(gzTotal(files) / 1024).toFixed(1)} KiB gzip`
}

// The entry starts the app in stages (React DOM, then the app: entry-client.tsx), by dynamic imports the head's
// loader fetches with it: they are the entry's.
const ENTRY_PARTS = [ENTRY, ...(manifest[ENTRY].dynamicImports ?? [])]
const entry = closure(ENTRY_PARTS)
console.log(`entry JS (${[...entry.files].join(', ')}): ${size(entry.files)}`)
console.log(`entry CSS, inlined in every page (${[...entry.css].join(', ')}): ${size(entry.css)}`)

const locales = Object.keys(manifest).filter((k) => /immo-locales\/[a-z]{2}$/.test(k))
const largest = locales.sort((a, b) => gz(manifest[b].file) - gz(manifest[a].file))[0]

const over = []
for (const [kind, { views, budget }] of Object.entries(PAGE_BUDGETS_KIB)) {
  for (const view of views) {
    if (!manifest[view]) throw new Error(`no ${view} chunk in the manifest (page kind ${kind})`)
    const page = closure([...ENTRY_PARTS, view, ...(largest ? [largest] : [])])
    const kib = gzTotal(page.files) / 1024
    const name = view.split('/').pop()
    console.log(`${kind} (${name}) app JS (at the first turn or idle; none before): ${size(page.files)}, budget ${budget} KiB; its CSS: ${size(page.css)}`)
    if (kib > budget) over.push(`${kind} (${name}): ${kib.toFixed(1)} KiB gzip, over its budget of ${budget} KiB gzip`)
  }
}
if (over.length) {
  console.error(`app JS over budget:\n  ${over.join('\n  ')}`)
  process.exit(1)
}

// The agency's inbox (src/admin) is an entry of its own: not one byte of it
// may reach a visitor's page. Every file the site's entry can load, at once
// or later (dynamic imports), is searched for what only the inbox's code holds.
const ADMIN_ENTRY = 'src/admin/entry.tsx'
const ADMIN_MARKS = ['admin-filter', 'AdminLeads', 'admin.login.codeHelp']
if (!manifest[ADMIN_ENTRY]) throw new Error(`no ${ADMIN_ENTRY} in manifest`)
const reachable = new Set()
;(function walk(list) {
  for (const k of list) {
    const chunk = manifest[k]
    if (!chunk || reachable.has(chunk.file)) continue
    reachable.add(chunk.file)
    walk([...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])])
  }
})([ENTRY])
const leaks = [...reachable].filter((f) => f.endsWith('.js') && ADMIN_MARKS.some((m) => readFileSync(new URL(f, dist), 'utf8').includes(m)))
if (leaks.length || reachable.has(manifest[ADMIN_ENTRY].file)) {
  console.error(`the inbox's code reaches the visitors' pages: ${leaks.join(', ') || manifest[ADMIN_ENTRY].file}`)
  process.exit(1)
}
const inbox = closure([ADMIN_ENTRY])
console.log(`inbox entry JS (its own, never on a visitor's page): ${size(inbox.files)}`)
