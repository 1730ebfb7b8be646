import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { SiteProps } from '../../../../gen/admin'
import { PageContext, RouterContext, type Page, type Router } from '../../../../lib/router'
import { SitePage } from './SitePage'

const router = { visit: vi.fn(() => Promise.resolve()), page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router

function wrap(ui: ReactNode) {
  const page: Page = { component: 'AdminSite', url: '/admin/site/', version: 'v1', props: {} }
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>{ui}</PageContext.Provider>
    </RouterContext.Provider>
  )
}

const row = (id: number, more: Partial<NonNullable<SiteProps['versions']>[number]>) => ({
  id, at: '2026-11-29T12:00:00Z', by: '', file: '', note: '', current: false, online: false, preview: `/admin/site/versions/${id}/`,
  summary: null, ...more,
})

const site: SiteProps = {
  lang: 'en', texts: {}, viewer: null, nav: null, pictures: '/admin/site/pictures/', action: '/admin/site/', previous: 2,
  labels: { 'siteeditor.section.pages': 'Pages', 'siteeditor.section.banner': 'Banner' },
  drafts: [{ id: 4, base: 3, by: 'anne@agency.test', updatedBy: 'anne@agency.test', updated: '2026-11-29T12:00:00Z', mine: false,
    href: '/admin/site/drafts/4/', preview: '/admin/preview/4/', publishAt: '', failed: '' }],
  versions: [
    row(3, { by: 'boss@agency.test', note: 'Version 1 brought back', current: true, online: true }),
    row(2, { file: 'spring.json', note: 'spring banner', summary: { more: 0, changes: [
      { section: 'banner', item: '', what: 'edited', fields: ['title'], langs: ['fr', 'de'] },
      { section: 'pages', item: 'Jobs', what: 'removed', fields: [], langs: [] },
    ] } }),
    row(1, { file: 'demo/site.json', online: true }),
  ],
}

describe('the site’s versions', () => {
  it('offers to bring back only a version whose configuration is not online, and previews every one', () => {
    render(wrap(<SitePage {...site} />))
    const revert = screen.getAllByRole('button', { name: 'admin.site.revert' })
    expect(revert).toHaveLength(1)
    expect((revert[0].closest('form')!.querySelector('input[name="version"]') as HTMLInputElement).value).toBe('2')
    expect(screen.getAllByRole('link', { name: 'admin.site.preview' }).map((a) => a.getAttribute('href')))
      .toEqual(['/admin/preview/4/', '/admin/site/versions/3/', '/admin/site/versions/2/', '/admin/site/versions/1/'])
    expect(screen.getByText('admin.site.current')).toBeTruthy()
    expect(screen.getByText('boss@agency.test')).toBeTruthy()
  })

  it('starts a draft, lists another editor\'s to look at, and takes the version online back to the one before', () => {
    render(wrap(<SitePage {...site} />))
    const edit = screen.getByRole('button', { name: 'admin.site.edit' })
    expect((edit.closest('form')!.querySelector('input[name="action"]') as HTMLInputElement).value).toBe('edit')
    expect(screen.getByRole('link', { name: 'admin.site.look' }).getAttribute('href')).toBe('/admin/site/drafts/4/')
    const unpublish = screen.getByRole('button', { name: 'admin.site.unpublish' })
    const form = unpublish.closest('form')!
    expect((form.querySelector('input[name="action"]') as HTMLInputElement).value).toBe('unpublish')
    expect((form.querySelector('input[name="version"]') as HTMLInputElement).value).toBe('2')
  })

  it('shows what each version changed, as the publish dialog words it; an older version its note only', () => {
    render(wrap(<SitePage {...site} />))
    const changes = screen.getByText('spring banner').closest('tr')!.querySelectorAll('.site-changes li')
    expect([...changes].map((li) => li.textContent)).toEqual([
      'Banner (admin.site.editor.what.edited) [FR, DE]',
      'Pages › Jobs (admin.site.editor.what.removed)',
    ])
    const rows = document.querySelectorAll('tbody tr')
    expect(rows[0].querySelector('.site-changes')).toBeNull()
    expect(rows[2].querySelector('.site-changes')).toBeNull()
  })

  it('folds the changes past the first five, and counts those not kept', () => {
    const changes = Array.from({ length: 7 }, (_, i) => ({ section: 'pages', item: `Page ${i}`, what: 'edited', fields: [], langs: ['nl'] }))
    render(wrap(<SitePage {...site} versions={[row(5, { summary: { changes, more: 40 } }), row(6, { summary: { changes: [], more: 0 } })]} />))
    const rows = document.querySelectorAll('tbody tr')
    expect(rows[0].querySelectorAll(':scope td > ul.site-changes li')).toHaveLength(5)
    expect(rows[0].querySelector('details summary')!.textContent).toBe('admin.site.moreChanges')
    expect(rows[0].querySelectorAll('details li')).toHaveLength(2)
    expect(rows[1].textContent).toContain('admin.site.unchanged')
  })
})
