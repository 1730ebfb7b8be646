import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Shell } from './Shell'

const base = {
  lang: 'en' as const, texts: { 'admin.brand': 'Inbox', 'admin.skip': 'Skip to content' }, nav: [{ href: '/admin/leads/', label: 'admin.nav.leads', current: true }],
  viewer: { id: 1, name: 'Ann', email: 'ann@agency.test', admin: true, logout: '/admin/logout/' },
}

describe('the inbox frame', () => {
  it('opens with a skip link to the page, and gives each page its own tab title', () => {
    const { rerender } = render(<Shell base={base} title="Contact — Anne Dupont"><p>body</p></Shell>)
    const skip = screen.getByRole('link', { name: 'Skip to content' })
    expect(skip.getAttribute('href')).toBe('#main')
    expect(document.body.querySelector('a')).toBe(skip) // first in the tab order
    expect(document.getElementById('main')?.tabIndex).toBe(-1)
    expect(document.title).toBe('Contact — Anne Dupont · Inbox')
    rerender(<Shell base={base} title="Contact — Marc Dupont"><p>body</p></Shell>)
    expect(document.title).toBe('Contact — Marc Dupont · Inbox')
  })
})
