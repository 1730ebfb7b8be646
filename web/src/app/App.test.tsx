import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import { createRouter } from '../lib/router'
import { fakeWindow, inertia } from '../lib/router/fake-window'
import { pagesIn } from '../test/fixtures'
import { renderPage } from '../test/render'
import { hydrateInSlices, setSliceClock } from '../lib/hydration/slices'
import { App } from './App'
import { pages } from './pages'
import { loaders } from './pages.client'
import { lazyViews, staticViews } from './views'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

describe('App', () => {
  it('renders on the server what the browser hydrates, then navigates and goes back', async () => {
    const [home, list] = pagesIn('fr')
    const html = renderPage(home)
    expect(html).toContain('€ 251.000')

    // Browser side, as entry-client.tsx does it: lazy views, the initial one loaded first.
    const views = lazyViews({ ...loaders, Home: async () => pages.Home, PropertyList: async () => pages.PropertyList })
    await views.load('Home')
    const container = document.createElement('div')
    container.innerHTML = html
    const before = container.innerHTML
    document.body.appendChild(container)
    document.head.innerHTML = '<title>x</title><meta name="description" content="old"><link rel="canonical" href="https://example.test/fr/">'
    const win = fakeWindow('http://test.local/fr/')
    const router = createRouter(home, win as unknown as Window)
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(container, <App initialPage={home} router={router} views={views} />, { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled()
    // Hydration changed nothing but the banner's slideshow, which starts once hydrated (and loads its next picture).
    const outsideBanner = (s: string) => s.replace(/<section [^>]*class="banner"[\s\S]*?<\/section>/, '')
    expect(outsideBanner(container.innerHTML)).toBe(outsideBanner(before))
    expect(container.querySelector('.banner [data-icon="pause"]')).not.toBeNull()
    // The first page's head is Go's, written from the same props: hydration leaves it (here a stand-in).
    expect(document.title).toBe('x')

    // A click on a link to the list loads its view and renders it.
    win.fetch.mockResolvedValue(inertia(list))
    const link = container.querySelector<HTMLAnchorElement>('.search-block a[href="/fr/a-vendre/"]')!
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))
    })
    await waitFor(() => expect(container.querySelector('h1')!.textContent).toBe('A vendre'))
    expect(container.querySelector('.list-summary')!.textContent).toBe('Page 2 sur 4 – 43 biens')
    // The head follows in an effect.
    await waitFor(() => expect(document.title).toBe('List | Immo Arlon'))
    expect(document.head.querySelector('meta[name=description]')!.getAttribute('content')).toBe('List description')
    expect(document.head.querySelectorAll('link[rel=alternate][hreflang]')).toHaveLength(4)
    expect(win.location.pathname).toBe('/fr/a-vendre/')

    // Back restores the home page from history.
    await act(async () => {
      win.history.back()
    })
    await waitFor(() => expect(container.querySelector('h1')!.textContent).toBe('Votre agence'))
    container.remove()
  })

  it('hydrates every page in slices, one part a task, to the markup the server rendered', async () => {
    // A clock that says every part spends a task's share: each waits for a task of its own.
    let tick = 0
    setSliceClock(() => (tick += 100))
    try {
      for (const page of pagesIn('fr')) {
        const html = renderPage(page)
        const container = document.body.appendChild(document.createElement('div'))
        container.innerHTML = html
        const before = container.innerHTML
        const win = fakeWindow(`http://test.local${page.url}`)
        const router = createRouter(page, win as unknown as Window)
        const onRecoverableError = vi.fn()
        const tasks = await hydrateInSlices(() => {
          hydrateRoot(container, <App initialPage={page} router={router} views={staticViews(pages)} />, { onRecoverableError })
        })
        await act(async () => {})
        expect(tasks, page.url).toBeGreaterThan(2)
        expect(onRecoverableError).not.toHaveBeenCalled()
        const outsideBanner = (s: string) => s.replace(/<section [^>]*class="banner"[\s\S]*?<\/section>/, '')
        expect(outsideBanner(container.innerHTML), page.url).toBe(outsideBanner(before))
        container.remove()
      }
    } finally {
      setSliceClock(() => performance.now())
    }
  })

  it('switches language on navigation', async () => {
    const fr = pagesIn('fr')[6]
    const de = pagesIn('de')[6]
    const container = document.createElement('div')
    container.innerHTML = renderPage(fr)
    document.body.appendChild(container)
    const win = fakeWindow('http://test.local/fr/privacy/')
    const router = createRouter(fr, win as unknown as Window)
    const loadLocale = vi.fn(async () => {})
    await act(async () => {
      hydrateRoot(container, <App initialPage={fr} router={router} views={staticViews(pages)} loadLocale={loadLocale} />)
    })
    expect(container.querySelector('.skip-link')!.textContent).toBe('Aller au contenu')
    win.fetch.mockResolvedValue(inertia(de))
    await act(async () => {
      await router.visit('/de/privacy/')
    })
    expect(loadLocale).toHaveBeenCalledWith('de')
    expect(container.querySelector('.skip-link')!.textContent).toBe('Zum Inhalt springen')
    expect(document.documentElement.lang).toBe('de')
    container.remove()
  })

  it('the client registry names the same views as the server one', () => {
    expect(Object.keys(loaders).sort()).toEqual(Object.keys(pages).sort())
  })

  it('fails on an unknown view', async () => {
    expect(() => renderPage({ component: 'Nope', props: {}, url: '/', version: null })).toThrow('unknown view "Nope"')
    await expect(staticViews(pages).load('Nope')).rejects.toThrow('unknown view')
    await expect(lazyViews(loaders).load('Nope')).rejects.toThrow('unknown view')
  })
})
