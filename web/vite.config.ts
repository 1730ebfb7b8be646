import { defineConfig } from 'vitest/config'

// Client build: hashed files and a manifest in internal/web/assets/dist, which
// the Go binary embeds. The server (SSR) bundle is built separately by
// scripts/build-server.mjs (one IIFE for modernc.org/quickjs).
export default defineConfig({
  base: '/',
  publicDir: false,
  build: {
    outDir: '../internal/web/assets/dist',
    emptyOutDir: false, // scripts/clean.mjs keeps the committed placeholder
    manifest: 'manifest.json',
    target: 'es2022',
    assetsDir: 'assets',
    rolldownOptions: {
      input: { app: 'src/entry-client.tsx' },
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
  },
})
