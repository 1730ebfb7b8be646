import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { RunsProps } from '../../../../gen/admin'
import { RunsPage } from './RunsPage'

const counts = { added: 1, updated: 2, unchanged: 60, rejected: 1, offline: 0 }
const props: RunsProps = {
  lang: 'en', texts: {}, viewer: null, nav: null,
  runs: [
    { id: 2, source: 'bad.json', trigger: 'command', by: '', started: '2026-11-29T12:00:00Z', seconds: 0.4, status: 'failed',
      error: '2 problem(s) found', types: 0, typesRejected: 0, properties: { ...counts, added: 0 }, projects: { ...counts, added: 0 },
      catalogVersion: 0, problems: [{ section: 'properties', id: 4100001, field: 'Price', message: 'must be a number' }], moreProblems: 3 },
    { id: 1, source: 'catalog.json', trigger: 'staff', by: 'boss@agency.test', started: '2026-11-29T11:00:00Z', seconds: 2, status: 'applied',
      error: '', types: 7, typesRejected: 0, properties: counts, projects: counts, catalogVersion: 12, problems: [], moreProblems: 0 },
  ],
}

describe('the catalog updates', () => {
  it('says what each run did, what it refused and why, newest first', () => {
    render(<RunsPage {...props} />)
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows[0].textContent).toContain('admin.runs.failed')
    expect(rows[0].textContent).toContain('2 problem(s) found')
    expect(rows[0].textContent).toContain('4100001')
    expect(rows[0].textContent).toContain('must be a number')
    expect(rows[1].textContent).toContain('admin.runs.applied')
    expect(rows[1].textContent).not.toContain('admin.runs.problems')
  })
})
