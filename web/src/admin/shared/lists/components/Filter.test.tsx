import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PageContext, RouterContext, type Page, type Router } from '../../../../lib/router'
import { Filter } from './Pager'

const router = { visit: vi.fn(() => Promise.resolve()), page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router
const t = Object.assign((k: string) => k, { colon: ': ' }) as never

function wrap(ui: ReactNode) {
  const page: Page = { component: 'AdminLeads', url: '/admin/leads/', version: 'v1', props: {} }
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>{ui}</PageContext.Provider>
    </RouterContext.Provider>
  )
}

function leads(status: string) {
  return wrap(
    <Filter action="/admin/leads/" t={t}>
      <label>Status
        <select name="status" defaultValue={status}>
          <option value="">all</option>
          <option value="done">done</option>
        </select>
      </label>
    </Filter>,
  )
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe("a list's filter shows the address's choices", () => {
  it('after the filters are cleared, not the choice shown before', () => {
    window.history.replaceState(null, '', '/admin/leads/?status=done')
    const { rerender } = render(leads('done'))
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('done')
    // "Clear filters": the router comes to /admin/leads/ with the list's props.
    window.history.replaceState(null, '', '/admin/leads/')
    rerender(leads(''))
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('')
  })
})
