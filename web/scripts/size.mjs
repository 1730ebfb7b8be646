// Prints the gzip size of the first-load JS and CSS, from the Vite manifest:
// the client entry with every chunk it imports statically, and the home
// page's first load, which adds the Home view's chunk (with its static
// imports) and one language's translations (the largest), all of which the
// entry loads before hydrating.
//
// It fails when the home page's first load is above BUDGET_KIB gzip: the
// budget docs/ARCHITECTURE.md states (a Go test keeps the two equal).
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const BUDGET_KIB = 120

const dist = new URL('../../internal/web/assets/dist/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'))
const ENTRY = 'src/entry-client.tsx'
const HOME = 'src/features/home/components/HomePage.tsx'
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

const entry = closure([ENTRY])
console.log(`entry JS (${[...entry.files].join(', ')}): ${size(entry.files)}`)
console.log(`CSS (${[...entry.css].join(', ')}): ${size(entry.css)}`)

const locales = Object.keys(manifest).filter((k) => /immo-locales\/[a-z]{2}$/.test(k))
const largest = locales.sort((a, b) => gz(manifest[b].file) - gz(manifest[a].file))[0]
const home = closure([ENTRY, HOME, ...(largest ? [largest] : [])])
if (!manifest[HOME]) console.log(`(no ${HOME} chunk: the home view is in the entry)`)
console.log(`home page first-load JS (+ ${[...home.files].filter((f) => !entry.files.has(f)).join(', ')}): ${size(home.files)}`)
const homeKiB = gzTotal(home.files) / 1024
if (homeKiB > BUDGET_KIB) {
  console.error(`home page first-load JS is ${homeKiB.toFixed(1)} KiB gzip, over the budget of ${BUDGET_KIB} KiB gzip`)
  process.exit(1)
}
