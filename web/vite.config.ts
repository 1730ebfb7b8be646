import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import { localesVitePlugin } from './scripts/locales.mjs'

// The browser's entries, by name. Each is a bundle of its own that the Go
// side links by its source path in the manifest: the React app, and the map
// frame (src/map: plain TypeScript + Leaflet, served by Go at /map-frame/, so
// Leaflet never reaches the app's pages). A second app (the admin, say
// src/admin/entry.tsx) is one more line here; see README.md.
const entries: Record<string, string> = {
  app: 'src/entry-client.tsx',
  map: 'src/map/main.ts',
}
// The entries whose pages link the stylesheet (the map frame inlines its CSS).
const styledEntries = new Set(['app'])

// With cssCodeSplit off, Vite emits one style.css but lists it under no
// chunk; the Go side (internal/web/assets) links the CSS of the entry and its
// static imports, so name it as the CSS of each styled entry in the manifest.
function entryCss(): Plugin {
  return {
    name: 'immo-entry-css',
    enforce: 'post',
    generateBundle(_, bundle) {
      const css = Object.values(bundle).filter((o) => o.type === 'asset' && o.fileName.endsWith('.css'))
      for (const o of Object.values(bundle)) {
        if (o.type === 'chunk' && o.isEntry && styledEntries.has(o.name)) for (const c of css) o.viteMetadata?.importedCss.add(c.fileName)
      }
    },
  }
}

// Client build: hashed files and a manifest in internal/web/assets/dist, which
// the Go binary embeds, one bundle per entry above. The server (SSR) bundle
// is built separately by scripts/build-server.mjs (one IIFE for
// modernc.org/quickjs).
export default defineConfig({
  base: '/',
  publicDir: false,
  plugins: [localesVitePlugin(), entryCss()],
  build: {
    outDir: '../internal/web/assets/dist',
    emptyOutDir: false, // scripts/clean.mjs keeps the committed placeholder
    manifest: 'manifest.json',
    target: 'es2022',
    assetsDir: 'assets',
    // One stylesheet for every view, linked by the entry: the server renders
    // any view, so its CSS must be in the <head> before a lazy view loads.
    cssCodeSplit: false,
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
  },
})
