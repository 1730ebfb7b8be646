import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PlatformLeadsProps } from '../../../../gen/admin'
import { PlatformLeadsPage } from './PlatformLeadsPage'

const props: PlatformLeadsProps = {
  lang: 'en', texts: { 'admin.platform.leadsOf': 'Agency: {{agency}}, until {{until}}.' }, viewer: null, nav: null,
  agency: 'Immo Gent', until: '2026-12-08T16:00:00Z', back: '/admin/platform/', max: 100,
  rows: [{ id: 12, kind: 'site-contact', status: 'new', created: '2026-12-01T09:00:00Z', name: 'Zoë Peeters', email: 'zoe@example.be',
    phone: '+32 9 222 11 00', lang: 'nl', remark: 'Graag <b>een</b> afspraak' }],
}

describe("an agency's leads as the operator reads them", () => {
  it('lists them read only, says whose and that the reading is logged', () => {
    render(<PlatformLeadsPage {...props} />)
    expect(screen.getByText(/^Agency: Immo Gent, until .+\.$/)).toBeTruthy()
    expect(screen.getByText('admin.platform.leadsLogged')).toBeTruthy()
    const row = screen.getAllByRole('row')[1]
    expect(row.textContent).toContain('zoe@example.be')
    // The remark is text, never markup; nothing to change, no way into the agency's inbox.
    expect(row.querySelector('b')).toBeNull()
    expect(row.textContent).toContain('Graag <b>een</b> afspraak')
    expect(document.querySelector('form')).toBeNull()
    expect([...document.querySelectorAll('main a')].map((a) => a.getAttribute('href'))).toEqual(['/admin/platform/'])
  })

  it('says when the agency has none', () => {
    render(<PlatformLeadsPage {...props} rows={[]} agency="" />)
    expect(screen.getByText('admin.platform.noLeads')).toBeTruthy()
  })
})
