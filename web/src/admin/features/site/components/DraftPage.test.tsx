import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SiteDraftProps } from '../../../../gen/admin'
import { PageContext, RouterContext, type Page, type Router } from '../../../../lib/router'
import { SAVE_DELAY_MS } from '../model/autosave'
import { DraftPage } from './DraftPage'

const router = { visit: vi.fn(() => Promise.resolve()), page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router

function wrap(ui: ReactNode) {
  const page: Page = { component: 'AdminSiteDraft', url: '/admin/site/drafts/7/', version: 'v1', props: {} }
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>{ui}</PageContext.Provider>
    </RouterContext.Provider>
  )
}

const config = {
  languages: { default: 'nl', use: [{ code: 'nl', use: true }, { code: 'fr', use: true }, { code: 'en', use: true }, { code: 'de', use: true }] },
  banner: { type: 'image', title: { nl: 'Welkom', fr: 'Bienvenue', en: '', de: '' }, image: { url: '/pictures/demo/banner.jpg', alt: { fr: 'Ancienne', en: 'Kept where the picture has none' } } },
}

const props = (more: Partial<SiteDraftProps> = {}): SiteDraftProps => ({
  lang: 'en', texts: {}, viewer: null, nav: null,
  draft: { id: 7, base: 3, by: 'boss@agency.test', updatedBy: 'boss@agency.test', updated: '2026-11-29T12:00:00Z', mine: true,
    href: '/admin/site/drafts/7/', preview: '/admin/preview/7/', publishAt: '', failed: '' },
  config: JSON.stringify(config, null, 2),
  schema: {
    root: 'Config',
    types: {
      Config: [{ key: 'languages', kind: 'object', type: 'Languages' }, { key: 'banner', kind: 'object', type: 'Banner' }],
      Languages: [{ key: 'default', kind: 'string' }],
      Banner: [{ key: 'type', kind: 'string', options: ['image', 'video'] }, { key: 'title', kind: 'text' }, { key: 'image', kind: 'object', type: 'Image' }],
      Image: [{ key: 'url', kind: 'picture' }, { key: 'alt', kind: 'text' }],
    },
  },
  problems: [], changes: [], moves: [], deleted: [], gone: [], links: [], meanwhile: [], latest: 3, others: [], save: '/admin/site/drafts/7/config', action: '/admin/site/drafts/7/', pictures: '/admin/site/pictures/',
  langs: ['nl', 'fr', 'en', 'de'], adminOnly: ['languages'], labels: { 'siteeditor.section.banner': 'Home banner', 'siteeditor.field.title': 'Title' },
  ...more,
})

describe('the site editor', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    window.localStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('shows a text in the four languages side by side, an empty one flagged and German said to fall back', () => {
    render(wrap(<DraftPage {...props()} />))
    fireEvent.click(screen.getByRole('button', { name: 'Home banner' }))
    for (const l of ['nl', 'fr', 'en', 'de']) expect(document.getElementById(`site-field-banner.title.${l}`)).toBeTruthy()
    expect((document.getElementById('site-field-banner.title.nl') as HTMLInputElement).value).toBe('Welkom')
    // English is flagged missing (visitors see the French); German only said to fall back.
    expect(document.querySelector('label[for="site-field-banner.title.en"] .site-missing')?.textContent).toBe('admin.site.editor.missing — admin.site.editor.fallsBack')
    expect(document.querySelector('label[for="site-field-banner.title.de"] .site-fallback')?.textContent).toBe('admin.site.editor.fallsBack')
  })

  it('saves a change a moment after typing, kept in the browser until the server has it, and shows its problems at the field', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({
      updated: '2026-11-29T12:01:00Z', problems: [{ path: 'banner.title.nl', message: 'Too long' }], changes: [],
    }), { status: 200 })))
    vi.stubGlobal('fetch', fetch)
    render(wrap(<DraftPage {...props()} />))
    fireEvent.click(screen.getByRole('button', { name: 'Home banner' }))
    fireEvent.input(document.getElementById('site-field-banner.title.nl')!, { target: { value: 'Lente' } })
    expect(window.localStorage.getItem('immo-site-draft-7')).toContain('"Lente"')
    expect(fetch).not.toHaveBeenCalled()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10)
    })
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/admin/site/drafts/7/config')
    expect(init.method).toBe('PUT')
    expect(JSON.parse(init.body as string).banner.title.nl).toBe('Lente')
    expect(window.localStorage.getItem('immo-site-draft-7')).toBeNull()
    expect(screen.getAllByText('Too long').length).toBeGreaterThan(0)
    expect(document.getElementById('site-field-banner.title.nl')!.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('button', { name: 'admin.site.editor.publish' })).toHaveProperty('disabled', true)
  })

  it('sends again what a closed tab left unsaved', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ updated: '', problems: [], changes: [] }), { status: 200 })))
    vi.stubGlobal('fetch', fetch)
    window.localStorage.setItem('immo-site-draft-7', JSON.stringify({ ...config, banner: { ...config.banner, type: 'video' } }))
    render(wrap(<DraftPage {...props()} />))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10)
    })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string).banner.type).toBe('video')
  })

  it('lets another editor look but not change, and says what was published meanwhile', () => {
    render(wrap(<DraftPage {...props({
      draft: { ...props().draft, mine: false, by: 'paul@agency.test' },
      meanwhile: [{ section: 'banner', item: '', what: 'edited', fields: ['title'], langs: ['fr'] }], latest: 4,
    })} />))
    expect(screen.getByText('admin.site.editor.readonly')).toBeTruthy()
    expect(screen.getByText('admin.site.editor.meanwhile')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'admin.site.editor.publish' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Home banner' }))
    expect(document.getElementById('site-field-banner.title.nl')!.hasAttribute('readonly')).toBe(true)
  })

  it('shows an editor who is no admin the languages without letting them change', () => {
    render(wrap(<DraftPage {...props({ viewer: { id: 2, name: 'Agent', email: 'boss@agency.test', admin: false, logout: '/admin/logout/' } })} />))
    fireEvent.click(document.querySelector('[data-section="languages"]')!)
    expect(screen.getByText('admin.site.editor.adminOnly')).toBeTruthy()
    expect(document.getElementById('site-field-languages.default')!.hasAttribute('readonly')).toBe(true)
    fireEvent.click(document.querySelector('[data-section="banner"]')!)
    expect(document.getElementById('site-field-banner.title.nl')!.hasAttribute('readonly')).toBe(false)
  })

  it('says a save refused for want of the right, and does not send it again', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('Forbidden', { status: 403 })))
    vi.stubGlobal('fetch', fetch)
    render(wrap(<DraftPage {...props()} />))
    fireEvent.click(screen.getByRole('button', { name: 'Home banner' }))
    fireEvent.input(document.getElementById('site-field-banner.title.nl')!, { target: { value: 'Lente' } })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10)
    })
    expect(screen.getByText('admin.site.editor.notSaved')).toBeTruthy()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000)
    })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(window.localStorage.getItem('immo-site-draft-7')).toContain('"Lente"')
  })

  it('chooses a picture from the library, which brings its own texts', async () => {
    const library = { component: 'AdminSiteMedia', url: '/admin/site/pictures/', version: 'v1', props: { items: [
      { id: 4, url: '/pictures/media/4/spring.jpg', name: 'spring.jpg', width: 1600, height: 900, alt: { nl: 'Lente', fr: 'Printemps' } },
    ] } }
    const fetch = vi.fn((url: string) => Promise.resolve(url === '/admin/site/pictures/'
      ? new Response(JSON.stringify(library), { status: 200, headers: { 'X-Inertia': 'true' } })
      : new Response(JSON.stringify({ updated: '', problems: [], changes: [] }), { status: 200 })))
    vi.stubGlobal('fetch', fetch)
    render(wrap(<DraftPage {...props()} />))
    fireEvent.click(screen.getByRole('button', { name: 'Home banner' }))
    fireEvent.click(screen.getByRole('button', { name: 'admin.media.choose' }))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10)
    })
    expect(fetch).toHaveBeenCalledWith('/admin/site/pictures/', expect.objectContaining({ headers: expect.objectContaining({ 'X-Inertia': 'true' }) }))
    fireEvent.click(document.querySelector('.site-picker-list button')!)
    expect((document.getElementById('site-field-banner.image.url') as HTMLInputElement).value).toBe('/pictures/media/4/spring.jpg')
    expect((document.getElementById('site-field-banner.image.alt.nl') as HTMLInputElement).value).toBe('Lente')
    expect((document.getElementById('site-field-banner.image.alt.fr') as HTMLInputElement).value).toBe('Printemps')
    expect((document.getElementById('site-field-banner.image.alt.en') as HTMLInputElement).value).toBe('')
    expect(document.querySelector('.site-picker')).toBeNull()
  })

  it('lets a deleted page answer gone (410) instead of leading to its parent, and back', () => {
    render(wrap(<DraftPage {...props({ moves: [{ from: '/fr/emplois/', to: '/fr/' }, { from: '/fr/a-propos/', to: '/fr/qui/' }], deleted: ['/fr/emplois/'] })} />))
    expect(screen.getAllByRole('button', { name: 'admin.site.editor.goneInstead' })).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'admin.site.editor.goneInstead' }))
    expect(JSON.parse(window.localStorage.getItem('immo-site-draft-7')!).moved).toEqual([{ from: '/fr/emplois/', to: '' }])
  })

  it('takes a gone address back to leading to its parent', () => {
    render(wrap(<DraftPage {...props({ config: JSON.stringify({ ...config, moved: [{ from: '/fr/emplois/', to: '' }, { from: '/x/', to: '/y/' }] }), gone: ['/fr/emplois/'] })} />))
    fireEvent.click(screen.getByRole('button', { name: 'admin.site.editor.leadInstead' }))
    expect(JSON.parse(window.localStorage.getItem('immo-site-draft-7')!).moved).toEqual([{ from: '/x/', to: '/y/' }])
  })
})
