import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AgencyRow, PlatformProps } from '../../../../gen/admin'
import { PageContext, RouterContext, type Page, type Router } from '../../../../lib/router'
import { PlatformPage } from './PlatformPage'

const router = { visit: vi.fn(() => Promise.resolve()), page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router

function wrap(ui: ReactNode) {
  const page: Page = { component: 'AdminPlatform', url: '/admin/platform/', version: 'v1', props: {} }
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>{ui}</PageContext.Provider>
    </RouterContext.Provider>
  )
}

const row = (more: Partial<AgencyRow>): AgencyRow => ({
  id: 1, name: 'Immo Arlon', lang: 'fr', hosts: ['www.immo-arlon.be', 'immo-arlon.be'], disabled: false, own: true, implicit: false,
  created: '2026-11-01T09:00:00Z', listings: 42, leads: 9, leadsNew: 3, feeds: 1, feedsFailing: 0, serverErrors: 0, lastRun: '2026-11-29T11:00:00Z',
  lastStatus: 'applied', mailsWaiting: 0, mailsOldest: '', mailsFailed: 0, grantUntil: '', leadsHref: '', ...more,
})

const words: Record<string, string> = {
  'admin.platform.listings': 'Listings online',
  'admin.platform.leads': 'Leads, last {{days}} days',
  'admin.platform.feedsFailing': 'Failing feeds',
  'admin.platform.serverErrors': 'Server errors, last {{days}} days',
  'admin.platform.readLeads': 'Read the leads (until {{until}})',
}

const props: PlatformProps = {
  lang: 'en', texts: words, viewer: null, nav: null, action: '/admin/platform/', langs: ['nl', 'fr', 'en', 'de'], days: 7,
  queue: { waiting: 2, oldest: '2026-11-29T10:00:00Z', failed: 1 },
  agencies: [
    row({}),
    row({ id: 2, name: 'Immo Namur', lang: 'nl', hosts: ['www.immo-namur.be'], own: false, listings: 17, feeds: 2, feedsFailing: 1, serverErrors: 12, mailsFailed: 2,
      grantUntil: '2026-12-06T12:00:00Z', leadsHref: '/admin/platform/2/leads/' }),
  ],
}

const rows = () => screen.getAllByRole('row').slice(1)
const disableOf = (r: HTMLElement) => r.querySelector('input[name="action"][value="disable"]')

beforeEach(() => vi.mocked(router.visit).mockClear())

describe('the platform page', () => {
  it("shows each agency's health, and the way to its leads only while it allows it", () => {
    render(wrap(<PlatformPage {...props} />))
    const [own, other] = rows()
    const figure = (r: HTMLElement, label: string) => within(r).getByText(label).nextElementSibling as HTMLElement
    expect(figure(own, 'Listings online').textContent).toBe('42')
    expect(figure(own, 'Leads, last 7 days').textContent).toBe('9')
    expect(figure(other, 'Listings online').textContent).toBe('17')
    expect(figure(other, 'Failing feeds').className).toContain('admin-error')
    expect(figure(own, 'Failing feeds').className).not.toContain('admin-error')
    expect(figure(other, 'Server errors, last 7 days').textContent).toBe('12')
    expect(figure(other, 'Server errors, last 7 days').className).toContain('admin-error')
    expect(figure(own, 'Server errors, last 7 days').className).not.toContain('admin-error')
    expect(figure(other, 'admin.platform.mailsFailed').textContent).toBe('2')
    expect(figure(other, 'admin.platform.mailsFailed').className).toContain('admin-error')
    expect(within(own).queryByRole('link')).toBeNull()
    expect(own.textContent).toContain('admin.platform.notGranted')
    const link = within(other).getByRole('link')
    expect(link.getAttribute('href')).toBe('/admin/platform/2/leads/')
    expect(link.textContent).toMatch(/^Read the leads \(until .+\)$/)
    expect(screen.getByText('admin.platform.queueWaiting').nextElementSibling?.textContent).toBe('2')
  })

  it('never offers to disable the platform’s own agency nor the implicit one', () => {
    const { rerender } = render(wrap(<PlatformPage {...props} />))
    const [own, other] = rows()
    expect(disableOf(own)).toBeNull()
    expect(own.textContent).toContain('admin.platform.own')
    expect(disableOf(other)).toBeTruthy()
    expect(other.querySelector('input[name="id"][value="2"]')).toBeTruthy()
    rerender(wrap(<PlatformPage {...props} agencies={[row({ name: '', hosts: [], implicit: true, own: false })]} />))
    const [implicit] = rows()
    expect(disableOf(implicit)).toBeNull()
    expect(implicit.querySelector('input[name="hosts"]')).toBeNull()
    expect(implicit.textContent).toContain('admin.platform.implicit')
  })

  it('says a refused host name under its agency’s form and keeps what was typed', () => {
    render(wrap(<PlatformPage {...props} errors={{ host: 'admin.platform.error.hostTaken' }}
      form={{ name: 'hosts', values: { action: 'hosts', id: '2', hosts: 'www.immo-arlon.be www.immo-namur.be' } }} />))
    const [own, other] = rows()
    expect(within(other).getByText('admin.platform.error.hostTaken')).toBeTruthy()
    const typed = other.querySelector('input[name="hosts"]') as HTMLInputElement
    expect(typed.value).toBe('www.immo-arlon.be www.immo-namur.be')
    expect(typed.getAttribute('aria-invalid')).toBe('true')
    expect(within(own).queryByText('admin.platform.error.hostTaken')).toBeNull()
    // The platform's own agency's host names change on the command line only.
    expect(own.querySelector('input[name="hosts"]')).toBeNull()
  })

  it("says a row's refusal once, under that row", () => {
    render(wrap(<PlatformPage {...props} errors={{ form: 'admin.platform.error.own' }}
      form={{ name: 'disable', values: { action: 'disable', id: '1' } }} />))
    expect(screen.getAllByText('admin.platform.error.own')).toHaveLength(1)
    expect(within(rows()[0]).getByText('admin.platform.error.own')).toBeTruthy()
  })

  it('refuses to add an agency without a name before posting', async () => {
    render(wrap(<PlatformPage {...props} />))
    fireEvent.input(screen.getByLabelText('admin.platform.hosts'), { target: { value: 'www.immo-liege.be' } })
    fireEvent.click(screen.getByRole('button', { name: 'admin.platform.addSubmit' }))
    expect(await screen.findByText('forms.error.required')).toBeTruthy()
    expect(router.visit).not.toHaveBeenCalled()
    expect((screen.getByLabelText('admin.platform.hosts') as HTMLInputElement).value).toBe('www.immo-liege.be')
  })

  it("shows the server's refusal of an add under its field, the values typed kept", () => {
    render(wrap(<PlatformPage {...props} errors={{ host: 'admin.platform.error.host' }}
      form={{ name: 'add', values: { action: 'add', name: 'Immo Liège', lang: 'fr', hosts: 'http://liege' } }} />))
    expect((screen.getByLabelText('admin.platform.name') as HTMLInputElement).value).toBe('Immo Liège')
    expect((screen.getByLabelText('admin.platform.hosts') as HTMLInputElement).value).toBe('http://liege')
    expect(screen.getByText('admin.platform.error.host').id).toBe('platform-hosts-error')
  })
})
