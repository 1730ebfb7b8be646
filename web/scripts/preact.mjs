// The app is written against React's API and runs on Preact's React layer (issue #34,
// docs/ARCHITECTURE.md "The phone's main thread"): ~10 KB of runtime instead of React DOM's ~67 KB
// gzip, in the browser, the server bundle (QuickJS) and the unit tests alike, so the browser hydrates
// markup made by the same runtime. React's module names → Preact's; vite.config.ts and
// scripts/build-server.mjs both read this.
export const preactModules = {
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact-render-to-string',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
}

/** An exact module name as a pattern. */
export const exactly = (name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`)
