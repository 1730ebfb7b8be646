import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { deferredVitePlugin } from './scripts/deferred.mjs'
import { localesVitePlugin } from './scripts/locales.mjs'
import { exactly, preactModules } from './scripts/preact.mjs'

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
// The app's runtime: Preact's React layer under React's module names (scripts/preact.mjs). The unit
// tests' React also gives React 19's act (src/test/preact-react.js), and the testing library comes from
// its ES build, whose imports the aliases reach (its CommonJS one requires React DOM itself).
const aliases = [
  ...Object.entries(preactModules).map(([name, replacement]) => ({
    find: exactly(name),
    replacement: name === 'react' && process.env.VITEST ? fileURLToPath(new URL('./src/test/preact-react.js', import.meta.url)) : replacement,
  })),
  ...(process.env.VITEST
    ? [{ find: exactly('@testing-library/react'), replacement: fileURLToPath(new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url)) }]
    : []),
]

// Client build: hashed files and a manifest in internal/http/web/assets/dist, which
// the Go binary embeds, one bundle per entry above. The server (SSR) bundle
// is built separately by scripts/build-server.mjs (one IIFE for
// modernc.org/quickjs).
export default defineConfig({
  base: '/',
  resolve: { alias: aliases },
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
      output: {
        // Every page's small shared modules in one chunk with the runtime (issue #34): as chunks of their
        // own by which entries share them they were eight files of 0.3–2 KB, each a request whose headers
        // (~0.5 KB) cost about what it carried. The router and the runtime's helpers come too: every page
        // runs them.
        codeSplitting: {
          groups: [
            {
              name: 'base',
              test: /src\/lib\/(hydration\/ids|format\/phone|links|consent|i18n\/(i18n|part|useLang|index))\.tsx?$|preact\/compat\/client|preload-helper|rolldown\/runtime|src\/lib\/router\//,
            },
          ],
        },
      },
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
    // The libraries that import React are bundled by Vitest, so the aliases reach them.
    server: { deps: { inline: [/@testing-library/, /react-hook-form/, /@tiptap/, /@hookform/] } },
  },
})
