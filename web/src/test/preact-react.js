// Vitest only: React's module as Preact's layer gives it, with React 19's act (preact/test-utils).
export * from 'preact/compat'
export { default } from 'preact/compat'
export { act } from 'preact/test-utils'
