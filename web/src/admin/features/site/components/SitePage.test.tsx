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
  id, at: '2026-11-29T12:00:00Z', by: '', file: '', note: '', current: false, online: false, preview: `/admin/site/versions/${id}/`, ...more,
})

const site: SiteProps = {
  lang: 'en', texts: {}, viewer: null, nav: null, action: '/admin/site/',
  versions: [
    row(3, { by: 'boss@agency.test', note: 'Version 1 brought back', current: true, online: true }),
    row(2, { file: 'spring.json', note: 'spring banner' }),
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
      .toEqual(['/admin/site/versions/3/', '/admin/site/versions/2/', '/admin/site/versions/1/'])
    expect(screen.getByText('admin.site.current')).toBeTruthy()
    expect(screen.getByText('boss@agency.test')).toBeTruthy()
  })
})
