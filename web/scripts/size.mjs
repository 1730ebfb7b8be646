// Prints the gzip size of the client entry's first-load JS (the entry and
// every chunk it imports statically) and CSS, from the Vite manifest.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const dist = new URL('../../internal/web/assets/dist/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'))
const entry = manifest['src/entry-client.tsx']
if (!entry) throw new Error('no src/entry-client.tsx in manifest')

const seen = new Set()
const css = new Set()
;(function walk(chunk) {
  if (seen.has(chunk.file)) return
  seen.add(chunk.file)
  chunk.css?.forEach((f) => css.add(f))
  chunk.imports?.forEach((k) => walk(manifest[k]))
})(entry)

const size = (files) => {
  let raw = 0, gz = 0
  for (const f of files) {
    const b = readFileSync(new URL(f, dist))
    raw += b.length
    gz += gzipSync(b, { level: 9 }).length
  }
  return `${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzip`
}
console.log(`first-load JS (${[...seen].join(', ')}): ${size(seen)}`)
console.log(`first-load CSS (${[...css].join(', ')}): ${size(css)}`)
