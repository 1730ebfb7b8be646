import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FeedRow, RunRow, RunsProps } from '../../../../gen/admin'
import { RunsPage } from './RunsPage'

const counts = { added: 1, updated: 2, unchanged: 60, rejected: 1, offline: 0 }
const failed: RunRow = {
  id: 2, feed: 0, feedName: '', httpStatus: 0, waiting: false, source: 'bad.json', trigger: 'command', by: '', started: '2026-11-29T12:00:00Z', seconds: 0.4, status: 'failed',
  error: '2 problem(s) found', errorKey: '', errorParams: {}, types: 0, typesRejected: 0, properties: { ...counts, added: 0 },
  projects: { ...counts, added: 0 }, catalogVersion: 0,
  problems: [{ section: 'properties', id: 4100001, field: 'Price', message: 'must be a number', key: '' }], moreProblems: 3,
}
const props: RunsProps = {
  lang: 'en', texts: {}, viewer: null, nav: null,
  runs: [
    failed,
    { id: 1, feed: 0, feedName: '', httpStatus: 0, waiting: false, source: 'catalog.json', trigger: 'staff', by: 'boss@agency.test', started: '2026-11-29T11:00:00Z', seconds: 2, status: 'applied',
      error: '', errorKey: '', errorParams: {}, types: 7, typesRejected: 0, properties: counts, projects: counts, catalogVersion: 12,
      problems: [], moreProblems: 0 },
  ],
  feeds: [], action: '', newFeed: 0, newToken: '',
}

// The French words of the keys the test's runs use (admin.json's, as the server sends them).
const french: Record<string, string> = {
  'admin.runs.failed': 'rien d’appliqué',
  'admin.runs.properties': 'Biens',
  'admin.runs.count.added_one': '{{n}} ajouté',
  'admin.runs.count.added_other': '{{n}} ajoutés',
  'admin.runs.count.updated_one': '{{n}} modifié',
  'admin.runs.count.updated_other': '{{n}} modifiés',
  'admin.runs.count.rejected_one': '{{n}} refusé',
  'admin.runs.count.rejected_other': '{{n}} refusés',
  'admin.runs.count.offline_one': '{{n}} retiré',
  'admin.runs.count.offline_other': '{{n}} retirés',
  'admin.runs.problem.amountRange': 'doit être un montant de 0 à moins de {{max}}',
  'admin.runs.error.problems': '{{n}} problèmes trouvés',
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

  it('tells a keyed problem and reason in the staff’s language, and one of a count in the singular', () => {
    const run: RunRow = {
      ...failed, errorKey: 'problems', errorParams: { n: '2' },
      properties: { added: 1, updated: 0, unchanged: 2, rejected: 1, offline: 3 },
      problems: [
        { section: 'properties', id: 4100001, field: 'Price', message: 'must be a number from 0 to below 1000000000',
          key: 'amountRange', params: { max: '1000000000' } },
        { section: 'properties', id: 4100002, field: 'Goal', message: 'must be 0 (sale) or 1 (rent)', key: 'noSuchKey' },
      ],
    }
    render(<RunsPage {...props} lang="fr" texts={french} runs={[run]} />)
    const row = screen.getAllByRole('row')[1]
    const text = row.textContent ?? ''
    expect(text).toContain('rien d’appliqué\u202f: 2 problèmes trouvés')
    expect(text).not.toContain('2 problem(s) found')
    expect(text).toContain('doit être un montant de 0 à moins de 1000000000')
    expect(text).not.toContain('must be a number from 0')
    expect(text).toContain('must be 0 (sale) or 1 (rent)') // a key without words: the English message
    expect(text).toContain('Biens\u202f: 1 ajouté, 0 modifié, ')
    expect(text).toContain('1 refusé, 3 retirés')
    expect(text).not.toContain('ajoutés')
  })
})

describe('the CRM feeds', () => {
  const feedRow: FeedRow = {
    id: 3, name: 'Whise', url: 'https://crm.example.com/export.json', auth: 'header', authName: 'X-Api-Key', every: 15, daily: '',
    maxOffline: 30, paused: false, nextRun: '2026-11-29T12:15:00Z', failures: 2, lastRun: 9, held: 9, push: '/api/feed/3',
    checked: '2026-11-29T12:00:00Z', checkedStatus: 'unchanged',
    pictures: [{ url: 'https://crm.example.com/p/9.jpg', error: 'the CRM answered 404 Not Found' }], picturesFailed: 1,
  }
  const held: RunRow = { ...failed, id: 9, feed: 3, feedName: 'Whise', httpStatus: 200, trigger: 'schedule', status: 'held', waiting: true,
    error: 'it would take 52 of the 65 online properties offline', errorKey: 'held', errorParams: { offline: '52', online: '65', max: '30' },
    problems: [] }
  const unchanged: RunRow = { ...failed, id: 8, feed: 3, feedName: 'Whise', httpStatus: 304, trigger: 'schedule', status: 'unchanged',
    error: '', problems: [] }

  it('lists each feed with its state, the guard’s question, its actions, and the push token once', () => {
    render(<RunsPage {...props} runs={[held, unchanged]} feeds={[feedRow]} action="/admin/catalog/" newFeed={3} newToken="tok-123" />)
    expect(screen.getByText('tok-123')).toBeTruthy()
    const feedTable = screen.getAllByRole('table')[0]
    const row = within(feedTable).getAllByRole('row')[1]
    expect(row.textContent).toContain('Whise')
    expect(row.textContent).toContain('admin.feeds.every')
    expect(row.textContent).toContain('admin.feeds.failures_other')
    expect(row.textContent).toContain('admin.feeds.checked')
    expect(row.textContent).toContain('admin.feeds.picturesFailed_one')
    expect(row.textContent).toContain('https://crm.example.com/p/9.jpg')
    expect(row.textContent).toContain('admin.feeds.held')
    for (const action of ['apply', 'discard', 'run', 'pause', 'delete']) {
      expect(row.querySelector(`input[name="action"][value="${action}"]`), action).toBeTruthy()
    }
    expect(row.querySelector('input[name="action"][value="resume"]')).toBeNull()
    const runs = within(screen.getAllByRole('table')[1]).getAllByRole('row')
    expect(runs[1].textContent).toContain('it would take 52 of the 65')
    expect(runs[1].textContent).not.toContain('admin.runs.failed')
    expect(runs[1].textContent).not.toContain('admin.runs.heldDone')
    expect(runs[1].textContent).toContain('HTTP 200')
    expect(runs[2].textContent).toContain('admin.runs.unchanged')
    expect(runs[2].textContent).toContain('HTTP 304')
    expect(screen.getByRole('button', { name: 'admin.feeds.addSubmit' })).toBeTruthy()
  })

  it('gives back a refused feed with its problem, never the secret', () => {
    render(<RunsPage {...props} feeds={[]} action="/admin/catalog/" errors={{ url: 'admin.feeds.error.url' }}
      form={{ name: 'feed', values: { name: 'CRM', url: 'http://10.0.0.1/x', auth: 'header', authName: 'X-Key' } }} />)
    expect((screen.getByLabelText('admin.feeds.url') as HTMLInputElement).value).toBe('http://10.0.0.1/x')
    expect(screen.getByText('admin.feeds.error.url')).toBeTruthy()
    expect((screen.getByLabelText('admin.feeds.secret') as HTMLInputElement).value).toBe('')
  })
})
