import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import { localesVitePlugin } from './scripts/locales.mjs'

// With cssCodeSplit off, Vite emits one style.css but lists it under no
// chunk; the Go side (internal/web/assets) links the CSS of the entry and its
// static imports, so name it as the app entry's CSS in the manifest. (The map
// frame's entry has no stylesheet file: it imports its CSS ?inline.)
function entryCss(): Plugin {
  return {
    name: 'immo-entry-css',
    enforce: 'post',
    generateBundle(_, bundle) {
      const css = Object.values(bundle).filter((o) => o.type === 'asset' && o.fileName.endsWith('.css'))
      for (const o of Object.values(bundle)) {
        if (o.type === 'chunk' && o.isEntry && o.name === 'app') for (const c of css) o.viteMetadata?.importedCss.add(c.fileName)
      }
    },
  }
}

// Client build: hashed files and a manifest in internal/web/assets/dist, which
// the Go binary embeds. Two entries: the React app, and the map frame
// (src/map: plain TypeScript + Leaflet, served by Go at /map-frame/, so
// Leaflet never reaches the app's pages). The server (SSR) bundle is built
// separately by scripts/build-server.mjs (one IIFE for modernc.org/quickjs).
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
      input: { app: 'src/entry-client.tsx', map: 'src/map/main.ts' },
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
})
