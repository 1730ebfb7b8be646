// ESLint for the web app: the recommended JavaScript, TypeScript and React
// hooks rules, and the import boundaries between features (see README.md,
// "Boundaries").
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The parts of src/ an import can cross between. A feature is any folder of
// src/features, so a new one (forms) is covered without touching this file;
// a bundle is a folder of its own that one entry starts (src/map, the map
// frame; later src/admin). src/entry-*.tsx, the app's two entries, are
// the composition root: they may import anything.
const elements = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'gen', pattern: 'src/gen' },
  { type: 'test', pattern: 'src/test' },
  { type: 'bundle', pattern: 'src/*', capture: ['name'] },
]

const shared = { element: { type: ['lib', 'gen'] } }
// A feature's public face: what its index.ts exports; and, as types only,
// the props Go sends (api/types.ts, soon generated from Go; model/ once
// nothing there fetches) and a bundle's types.ts (the map frame's message).
const publicOf = { element: { type: 'feature', internalPath: 'index.ts' } }
const typesOf = [
  { element: { type: 'feature', internalPath: '{api,model}/types.ts' } },
  { element: { type: 'bundle', internalPath: 'types.ts' } },
]
const types = { kind: 'type' }

// Who may import what (anything may import its own element's files).
const policies = [
  { from: { element: { type: 'feature' } }, allow: { to: [shared, publicOf] } },
  { from: { element: { type: 'feature' } }, allow: { to: typesOf, dependency: types } },
  { from: { element: { type: 'lib' } }, allow: { to: shared } },
  // The app registers every view (one lazy chunk each in the browser, which an
  // index would merge) and wraps them in the layout: it may reach any feature.
  { from: { element: { type: 'app' } }, allow: { to: [shared, { element: { type: 'feature' } }] } },
  { from: { element: { type: 'bundle' } }, allow: { to: [shared, publicOf] } },
  { from: { element: { type: 'bundle' } }, allow: { to: typesOf, dependency: types } },
  // Tests and their fixtures may reach anything they test.
  { from: { element: { type: 'test' } }, allow: { to: { element: { type: ['app', 'feature', 'lib', 'gen'] } } } },
  { from: { file: { categories: 'test' } }, allow: { to: { element: { type: ['app', 'feature', 'lib', 'gen', 'test', 'bundle'] } } } },
]

export default defineConfig(
  { ignores: ['node_modules/', 'scripts/**/*.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Off: the components set state in an effect on purpose, to change
      // after hydration what the server could not know (reduced motion, the
      // fullscreen API, a cached answer) or to reset state when a prop
      // changes; the first client render must equal the server's.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // The view comes from the registry (a Map of module-level components),
    // which the rule cannot tell from a component made during render.
    files: ['src/app/App.tsx'],
    rules: { 'react-hooks/static-components': 'off' },
  },
  {
    files: ['scripts/**', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
    },
  },
)
