import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AccessProps } from '../../../../gen/admin'
import { AccessPage } from './AccessPage'

const props: AccessProps = {
  lang: 'en', texts: { 'admin.access.allowed': 'Allowed until {{until}}, given by {{by}} on {{given}}.' }, viewer: null, nav: null,
  action: '/admin/access/', days: [1, 7, 30], until: '', given: '', by: '', audit: '/admin/audit/',
}

const withdraw = () => document.querySelector('input[name="action"][value="withdraw"]')

describe('the operator access page', () => {
  it('says the operator may not read the leads, and offers to allow it', () => {
    render(<AccessPage {...props} />)
    expect(screen.getByText('admin.access.none')).toBeTruthy()
    expect(withdraw()).toBeNull()
    expect(screen.getByRole('button', { name: 'admin.access.give' })).toBeTruthy()
    const select = screen.getByLabelText('admin.access.length') as HTMLSelectElement
    expect([...select.options].map((o) => o.value)).toEqual(['1', '7', '30'])
    expect(select.value).toBe('7')
    expect(screen.getByRole('link', { name: 'admin.access.auditLink' }).getAttribute('href')).toBe('/admin/audit/')
  })

  it('says until when, by whom, and offers to withdraw or change the length', () => {
    render(<AccessPage {...props} until="2026-12-06T12:00:00Z" given="2026-11-29T12:00:00Z" by="Ann Boss" />)
    expect(screen.queryByText('admin.access.none')).toBeNull()
    expect(screen.getByText(/^Allowed until .+, given by Ann Boss on .+\.$/)).toBeTruthy()
    expect(withdraw()).toBeTruthy()
    expect(screen.getByRole('button', { name: 'admin.access.withdraw' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'admin.access.extend' })).toBeTruthy()
  })

  it("shows a refused length under the choice", () => {
    render(<AccessPage {...props} errors={{ days: 'admin.access.error.days' }} form={{ name: 'give', values: { action: 'give', days: '5' } }} />)
    const error = screen.getByText('admin.access.error.days')
    const select = screen.getByLabelText('admin.access.length')
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(select.getAttribute('aria-describedby')).toBe(error.id)
  })
})
