import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LeadProps, TestimonialsProps } from '../../../../gen/admin'
import { PageContext, RouterContext, type Page, type Router } from '../../../../lib/router'
import { LeadPage } from '../../../features/leads/components/LeadPage'
import { TestimonialsPage } from '../../../features/testimonials/components/TestimonialsPage'

/** A router whose posts stay on their way until finish() is called. */
function slowRouter() {
  let finish = () => {}
  const visit = vi.fn(() => new Promise<void>((resolve) => { finish = resolve }))
  const router = { visit, page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router
  return { router, visit, finish: () => finish() }
}

function wrap(ui: ReactNode, router: Router, url: string) {
  const page: Page = { component: 'AdminLead', url, version: 'v1', props: {} }
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>{ui}</PageContext.Provider>
    </RouterContext.Provider>
  )
}

const base = { lang: 'en' as const, texts: {}, viewer: null, nav: null }

const lead: LeadProps = {
  ...base,
  lead: { id: 7, href: '/admin/leads/7/', kind: 'site-contact', status: 'new', created: '2026-11-28T08:00:00Z', name: 'Anne Dupont',
    email: 'anne@example.be', phone: '', lang: 'fr', propertyId: 0, projectId: 0, assignee: '', notes: 0, listing: null },
  page: '', title: '', remark: '', fields: [], files: [], notes: [], history: [], mails: [], visits: [],
  moves: ['in_progress', 'done'], staff: [{ id: 3, name: 'Ann Boss' }], assigneeId: 0, action: '/admin/leads/7/', back: '/admin/leads/',
}

const testimonials: TestimonialsProps = {
  ...base,
  rows: [{ id: 5, name: 'Zoë Q.', comment: 'Vlotte verkoop', website: '', about: '', lang: 'nl', approved: false,
    created: '2026-11-28T08:00:00Z', lead: '', picture: '', pictureView: '' }],
  pendingTotal: 1, publishedTotal: 0, pendingNext: '', publishedNext: '', first: '', action: '/admin/testimonials/', maxName: 100, maxComment: 5000,
}

afterEach(() => vi.unstubAllGlobals())

describe('the inbox forms a double click would post twice', () => {
  it("the lead's status and assignee post once while the first post is on its way", async () => {
    const { router, visit, finish } = slowRouter()
    render(wrap(<LeadPage {...lead} />, router, '/admin/leads/7/'))
    for (const [button, data] of [
      ['admin.lead.setStatus', { action: 'status', from: 'new', status: 'in_progress' }], // from: the status the page shows
      ['admin.lead.assign', { action: 'assign', assignee: '' }],
    ] as const) {
      visit.mockClear()
      const b = screen.getByRole('button', { name: button })
      fireEvent.click(b)
      fireEvent.click(b)
      expect(visit).toHaveBeenCalledTimes(1)
      expect(visit).toHaveBeenCalledWith('/admin/leads/7/', expect.objectContaining({ method: 'post', data }))
      finish()
      await Promise.resolve()
      await Promise.resolve()
      fireEvent.click(b) // once answered, the form posts again
      expect(visit).toHaveBeenCalledTimes(2)
      finish()
      await Promise.resolve()
      await Promise.resolve()
    }
  })

  it("a testimonial's publish and reject post once while the first post is on its way", async () => {
    const { router, visit, finish } = slowRouter()
    const confirm = vi.fn(() => true)
    vi.stubGlobal('confirm', confirm)
    render(wrap(<TestimonialsPage {...testimonials} />, router, '/admin/testimonials/'))
    for (const action of ['approve', 'reject']) {
      visit.mockClear()
      const b = screen.getByRole('button', { name: `admin.testimonials.${action}` })
      fireEvent.click(b)
      fireEvent.click(b)
      expect(visit).toHaveBeenCalledTimes(1)
      expect(visit).toHaveBeenCalledWith('/admin/testimonials/', expect.objectContaining({ method: 'post', data: { action, id: '5' } }))
      finish()
      await Promise.resolve()
      await Promise.resolve()
    }
    expect(confirm).toHaveBeenCalledTimes(1) // the rejection's, once
  })
})
