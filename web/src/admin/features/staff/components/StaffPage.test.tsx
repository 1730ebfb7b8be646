import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { StaffProps, StaffRow } from '../../../../gen/admin'
import { PageContext, RouterContext, type Page, type Router } from '../../../../lib/router'
import { StaffPage } from './StaffPage'

const router = { visit: vi.fn(() => Promise.resolve()), page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router

function wrap(ui: ReactNode) {
  const page: Page = { component: 'AdminStaff', url: '/admin/staff/', version: 'v1', props: {} }
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>{ui}</PageContext.Provider>
    </RouterContext.Provider>
  )
}

const staff: StaffProps = {
  lang: 'en', texts: {}, viewer: null, nav: null, action: '/admin/staff/', roles: ['admin', 'agent'], langs: ['fr', 'nl', 'en', 'de'], access: '/admin/access/',
  members: [{ id: 3, name: 'Ann Boss', email: 'boss@agency.test', role: 'admin', disabled: false, twoFactor: false, siteEditor: false, passwordSet: true, lastLink: '', self: true }],
}

describe('the staff page after an answer shows what holds', () => {
  it("a refused add's error goes with a later success", () => {
    const { rerender } = render(wrap(<StaffPage {...staff} errors={{ email: 'admin.staff.error.taken' }}
      form={{ name: 'add', values: { action: 'add', email: 'boss@agency.test' } }} />))
    expect(screen.getByText('admin.staff.error.taken')).toBeTruthy()
    // Another form's success (a link sent again): the page says it, the
    // refusal of the add is no longer under the form.
    rerender(wrap(<StaffPage {...staff} notice="admin.staff.done.resend" />))
    expect(screen.queryByText('admin.staff.error.taken')).toBeNull()
  })

  it('a refused role change leaves the select at the stored role', () => {
    const { rerender } = render(wrap(<StaffPage {...staff} />))
    const select = screen.getAllByRole('combobox')[0] as HTMLSelectElement
    fireEvent.change(select, { target: { value: 'agent' } })
    expect(select.value).toBe('agent')
    rerender(wrap(<StaffPage {...staff} errors={{ id: 'admin.staff.error.lastAdmin' }} form={{ name: 'role', values: { action: 'role', id: '3', role: 'agent' } }} />))
    expect(screen.getByText('admin.staff.error.lastAdmin')).toBeTruthy()
    expect((screen.getAllByRole('combobox')[0] as HTMLSelectElement).value).toBe('admin')
  })
})

describe('the platform operator on the staff page', () => {
  it('is shown with its role and no action: the command line manages it', () => {
    const operator: StaffRow = { id: 5, name: 'Platform Ops', email: 'ops@platform.test', role: 'operator', disabled: false,
      twoFactor: true, siteEditor: false, passwordSet: true, lastLink: '', self: false }
    render(wrap(<StaffPage {...staff} members={[...staff.members!, operator]} />))
    const row = screen.getAllByRole('row')[2]
    expect(row.textContent).toContain('admin.staff.roles.operator')
    expect(row.textContent).toContain('admin.staff.operatorManaged')
    expect(row.querySelector('form')).toBeNull()
    expect(row.querySelector('button')).toBeNull()
    expect(screen.getAllByRole('row')[1].querySelector('form')).toBeTruthy()
  })
})
