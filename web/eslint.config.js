// ESLint for the web app: the recommended JavaScript, TypeScript and React
// hooks rules, and the import boundaries between features (see README.md,
// "Boundaries").
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The parts of src/ an import can cross between, in layers: gen (generated
// from Go) and lib (no React feature, no page) at the bottom; shared, the kits
// more than one feature builds with (src/shared/*: forms, cards, ...); the
// features (src/features/*, each a view or the layout and what only it uses);
// the app, the composition root that registers the views and wraps them in
// the layout. A new folder of src/shared or src/features is covered without
// touching this file; a bundle is a folder of its own that one entry starts
// (src/map, the map frame; src/admin, the inbox, whose features and kits
// are held apart as the site's are). src/entry-*.tsx, the app's two
// entries, wire the rest: they may import anything.
const elements = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
  { type: 'shared', pattern: 'src/shared/*', capture: ['name'] },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'gen', pattern: 'src/gen' },
  { type: 'test', pattern: 'src/test' },
  // The inbox (src/admin) is laid out as the site is: its features and its
  // shared kits, under its own folder; its entry and App are the bundle's.
  { type: 'admin-feature', pattern: 'src/admin/features/*', capture: ['name'] },
  { type: 'admin-shared', pattern: 'src/admin/shared/*', capture: ['name'] },
  { type: 'bundle', pattern: 'src/*', capture: ['name'] },
]

// What every layer above lib may build on.
const base = { element: { type: ['lib', 'gen'] } }
const shared = { element: { type: 'shared' } }
const adminShared = { element: { type: 'admin-shared' } }
// A bundle's types.ts (the map frame's message), as types only.
const bundleTypes = { element: { type: 'bundle', internalPath: 'types.ts' } }
const types = { kind: 'type' }

// Who may import what (anything may import its own element's files). No
// feature imports another: what two features use is a shared kit, and what a
// feature shows of another (the footer's newsletter sign-up) the app passes in.
const policies = [
  { from: { element: { type: 'feature' } }, allow: { to: [base, shared] } },
  { from: { element: { type: 'feature' } }, allow: { to: bundleTypes, dependency: types } },
  { from: { element: { type: 'shared' } }, allow: { to: [base, shared] } },
  { from: { element: { type: 'shared' } }, allow: { to: bundleTypes, dependency: types } },
  { from: { element: { type: 'lib' } }, allow: { to: base } },
  // The app registers every view (one lazy chunk each in the browser, which an
  // index would merge) and wraps them in the layout: it may reach any feature.
  { from: { element: { type: 'app' } }, allow: { to: [base, shared, { element: { type: 'feature' } }] } },
  { from: { element: { type: 'bundle' } }, allow: { to: [base, shared] } },
  { from: { element: { type: 'bundle' } }, allow: { to: bundleTypes, dependency: types } },
  // The inbox as the site: a feature builds on lib, gen and the inbox's kits,
  // never on another feature; a kit on lib, gen and the other kits; its App
  // (the bundle's root files) registers the features' views.
  { from: { element: { type: 'admin-feature' } }, allow: { to: [base, adminShared] } },
  { from: { element: { type: 'admin-shared' } }, allow: { to: [base, adminShared] } },
  { from: { element: { type: 'bundle', captured: { name: 'admin' } } }, allow: { to: [adminShared, { element: { type: 'admin-feature' } }] } },
  // Tests and their fixtures may reach anything they test.
  { from: { element: { type: 'test' } }, allow: { to: { element: { type: ['app', 'feature', 'shared', 'lib', 'gen'] } } } },
  { from: { file: { categories: 'test' } }, allow: { to: { element: { type: ['app', 'feature', 'shared', 'lib', 'gen', 'test', 'bundle', 'admin-feature', 'admin-shared'] } } } },
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
