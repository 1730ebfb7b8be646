// Vitest: every language registered, as in the server bundle.
import '../lib/i18n/all'
// Testing Library: DOM matchers (toHaveAttribute, toHaveTextContent…), and
// an unmount after each test (Vitest runs without globals, so Testing
// Library cannot register it itself).
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(cleanup)
