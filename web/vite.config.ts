import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { deferredVitePlugin } from './scripts/deferred.mjs'
import { localesVitePlugin } from './scripts/locales.mjs'

// The browser's entries, by name. Each is a bundle of its own that the Go
// side links by its source path in the manifest: the React app, and the map
// frame (src/map: plain TypeScript + Leaflet, served by Go at /map-frame/, so
// Leaflet never reaches the app's pages). A second app (the admin, say
// src/admin/entry.tsx) is one more line here; see README.md.
const entries: Record<string, string> = {
  app: 'src/entry-client.tsx',
  map: 'src/map/main.ts',
  admin: 'src/admin/entry.tsx',
}
// Client build: hashed files and a manifest in internal/http/web/assets/dist, which
// the Go binary embeds, one bundle per entry above. The server (SSR) bundle
// is built separately by scripts/build-server.mjs (one IIFE for
// modernc.org/quickjs).
// The app's React runtime (issue #34, docs/ARCHITECTURE.md "The phone's main thread"): React DOM, or
// with IMMO_RUNTIME=preact Preact's React layer (~10 KB instead of ~67 KB gzip), in the browser, the
// server bundle (scripts/build-server.mjs) and the unit tests alike — a migration under way, the default
// until every suite passes on Preact.
const onPreact = process.env.IMMO_RUNTIME === 'preact'
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  // The unit tests' React also gives React 19's act.
  { find: /^react$/, replacement: process.env.VITEST ? fileURLToPath(new URL('./src/test/preact-react.js', import.meta.url)) : 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // Its ES build, whose imports the aliases above reach (its CommonJS one requires React DOM itself).
  ...(process.env.VITEST
    ? [{ find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url)) }]
    : []),
]

export default defineConfig({
  base: '/',
  resolve: { alias: onPreact ? preactAliases : [] },
  publicDir: false,
  // deferredVitePlugin: Vitest only (the tests render deferred forms whole, as the server does).
  plugins: [localesVitePlugin(), deferredVitePlugin()],
  build: {
    outDir: '../internal/http/web/assets/dist',
    emptyOutDir: false, // scripts/clean.mjs keeps the committed placeholder
    manifest: 'manifest.json',
    target: 'es2022',
    assetsDir: 'assets',
    // A stylesheet per chunk: the entry's (base, layout) and each view's.
    // The Go side inlines in the <head> the entry's and the page's view's
    // (internal/http/web/assets, PagePreloads), so a first view fetches no
    // stylesheet and waits for none; a later view's chunk brings its own.
    cssCodeSplit: true,
    rolldownOptions: {
      input: entries,
    },
  },
  test: {
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: {
        url: 'http://test.local/',
        settings: { navigation: { disableMainFrameNavigation: true }, disableJavaScriptFileLoading: true },
      },
    },
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // On Preact the libraries that import React must be bundled by Vitest, so the aliases reach them.
    server: { deps: { inline: onPreact ? [/@testing-library/, /react-i18next/, /react-hook-form/, /@tiptap/, /@hookform/] : [] } },
  },
})
