// Builds the server bundle internal/http/web/assets/dist/server/ssr.js: one
// minified IIFE, platform neutral, no dynamic import(), that defines
// globalThis.immoRender for modernc.org/quickjs (see src/entry-server.tsx).
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { deferredEsbuildPlugin } from './deferred.mjs'
import { localesEsbuildPlugin } from './locales.mjs'
import { exactly, preactModules } from './preact.mjs'

const web = fileURLToPath(new URL('..', import.meta.url))
const outfile = fileURLToPath(new URL('../../internal/http/web/assets/dist/server/ssr.js', import.meta.url))

// The pages rendered with Preact's React layer (scripts/preact.mjs), as the browser's app runs.
const preact = {
  name: 'preact',
  setup(b) {
    for (const [name, module] of Object.entries(preactModules)) {
      b.onResolve({ filter: exactly(name) }, () => ({ path: fileURLToPath(import.meta.resolve(module)) }))
    }
  },
}

await build({
  absWorkingDir: web,
  entryPoints: ['src/entry-server.tsx'],
  outfile,
  bundle: true,
  format: 'iife',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  conditions: ['browser', 'production'],
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  legalComments: 'none',
  define: {
    'process.env.NODE_ENV': '"production"',
    'import.meta.env.SSR': 'true',
    'import.meta.env.DEV': 'false',
    'import.meta.env.PROD': 'true',
    // The hydration's part log (src/lib/hydration/slices.tsx): a browser bench build's only.
    'import.meta.env.VITE_SLICE_LOG': '""',
  },
  // Components import their CSS; the client build emits it, the server needs none.
  loader: { '.css': 'empty' },
  // deferredEsbuildPlugin: every deferred form rendered whole (src/shared/forms/deferred.tsx).
  plugins: [preact, localesEsbuildPlugin(), deferredEsbuildPlugin()],
  logLevel: 'warning',
})

const code = readFileSync(outfile)
if (/\bimport\s*\(/.test(code.toString())) throw new Error('server bundle contains a dynamic import()')
console.log(`server bundle: ${outfile} ${(code.length / 1024).toFixed(1)} KiB, ${(gzipSync(code).length / 1024).toFixed(1)} KiB gzip`)
