// ESLint for the web app: the recommended JavaScript, TypeScript and React
// hooks rules, and the import boundaries between features (see README.md,
// "Boundaries").
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The parts of src/ an import can cross between. A feature is any folder of
// src/features, so a new one (forms) is covered without touching this file;
// an entry is a bundle of its own (the map frame; later the admin app).
const elements = [
  { type: 'app', pattern: 'src/app', mode: 'folder' },
  { type: 'feature', pattern: 'src/features/*', mode: 'folder', capture: ['name'] },
  { type: 'lib', pattern: 'src/lib', mode: 'folder' },
  { type: 'gen', pattern: 'src/gen', mode: 'folder' },
  { type: 'test', pattern: 'src/test', mode: 'folder' },
  { type: 'entry', pattern: 'src/*', mode: 'folder', capture: ['name'] },
  { type: 'entry', pattern: 'src/entry-*.tsx', mode: 'file' },
]

// A feature's public face: what its index.ts exports, and the props types
// Go sends (api/types.ts, soon generated from Go), which any feature may name.
const publicOf = { element: { type: 'feature', internalPath: 'index.ts' } }
const propsTypesOf = { element: { type: 'feature', internalPath: '{api,model}/types.ts' } }

export default tseslint.config(
  { ignores: ['node_modules/', 'scripts/**/*.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser } },
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
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'feature' } }, allow: { to: [{ element: { type: ['lib', 'gen'] } }, publicOf] } },
            { from: { element: { type: 'feature' } }, allow: { to: propsTypesOf, dependency: { kind: 'type' } } },
            { from: { element: { type: ['lib'] } }, allow: { to: { element: { type: ['gen'] } } } },
            { from: { element: { type: ['app', 'entry', 'test'] } }, allow: { to: [{ element: { type: ['app', 'lib', 'gen', 'test'] } }, publicOf, propsTypesOf] } },
          ],
        },
      ],
    },
  },
)
