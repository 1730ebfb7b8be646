// Vitest: every language registered, as in the server bundle.
import '../lib/i18n/all'
// Testing Library: DOM matchers (toHaveAttribute, toHaveTextContent…), and
// an unmount after each test (Vitest runs without globals, so Testing
// Library cannot register it itself).
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { createRequire } from 'node:module'
import * as React from 'react'
import { afterEach } from 'vitest'

const require = createRequire(import.meta.url)

afterEach(cleanup)

// The CommonJS modules Vitest leaves to Node (TipTap's use-sync-external-store shims) require React
// itself: they get Preact's React layer, the one the aliases give the app's modules.
const reactId = require.resolve('react')
require.cache[reactId] = { id: reactId, filename: reactId, loaded: true, exports: React } as unknown as NodeJS.Module
