// Builds the server bundle internal/http/web/assets/dist/server/ssr.js: one
// minified IIFE, platform neutral, no dynamic import(), that defines
// globalThis.immoRender for modernc.org/quickjs (see src/entry-server.tsx).
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { deferredEsbuildPlugin } from './deferred.mjs'
import { localesEsbuildPlugin } from './locales.mjs'

const web = fileURLToPath(new URL('..', import.meta.url))
const outfile = fileURLToPath(new URL('../../internal/http/web/assets/dist/server/ssr.js', import.meta.url))

// react-dom/server(.browser) also pulls in the streaming renderer, whose
// module code needs TextEncoder; the legacy build has renderToString alone.
const legacyServer = {
  name: 'react-dom-server-legacy',
  setup(b) {
    b.onResolve({ filter: /^react-dom\/server(\.browser)?$/ }, () => ({
      path: fileURLToPath(import.meta.resolve('react-dom/package.json').replace('package.json', 'cjs/react-dom-server-legacy.browser.production.js')),
    }))
  },
}

// IMMO_RUNTIME=preact (vite.config.ts): the pages rendered with Preact's React layer, so the browser's
// Preact hydrates markup made by the same runtime (useId's ids agree).
const preactServer = {
  name: 'preact-server',
  setup(b) {
    const to = (spec) => () => ({ path: fileURLToPath(import.meta.resolve(spec)) })
    b.onResolve({ filter: /^react-dom\/server(\.browser)?$/ }, to('preact-render-to-string'))
    b.onResolve({ filter: /^react-dom$/ }, to('preact/compat'))
    b.onResolve({ filter: /^react$/ }, to('preact/compat'))
    b.onResolve({ filter: /^react\/jsx-runtime$/ }, to('preact/jsx-runtime'))
  },
}
const runtime = process.env.IMMO_RUNTIME === 'preact' ? preactServer : legacyServer

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
  },
  // Components import their CSS; the client build emits it, the server needs none.
  loader: { '.css': 'empty' },
  // deferredEsbuildPlugin: every deferred form rendered whole (src/shared/forms/deferred.tsx).
  plugins: [runtime, localesEsbuildPlugin(), deferredEsbuildPlugin()],
  logLevel: 'warning',
})

const code = readFileSync(outfile)
if (/\bimport\s*\(/.test(code.toString())) throw new Error('server bundle contains a dynamic import()')
console.log(`server bundle: ${outfile} ${(code.length / 1024).toFixed(1)} KiB, ${(gzipSync(code).length / 1024).toFixed(1)} KiB gzip`)
