import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { HeadCollector, renderHead, type HeadTag } from '../lib/head/Head'
import { createRouter } from '../lib/router'
import { fakeWindow, inertia, page } from '../lib/router/fake-window'
import { App } from './App'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const home = page('Home', '/', {
  title: 'Latest offers',
  items: [
    { id: 1, name: 'Villa', price: 350000, url: '/property/1/' },
    { id: 2, name: 'Studio', price: 95000 },
  ],
  lang: 'nl',
})

describe('App', () => {
  it('renders on the server what the browser hydrates, then navigates', async () => {
    // Server side, as entry-server.tsx does it.
    const tags: HeadTag[] = []
    const html = renderToString(
      <HeadCollector.Provider value={tags}>
        <App initialPage={home} router={null} />
      </HeadCollector.Provider>,
    )
    expect(html).toContain('€ 350.000')
    expect(renderHead(tags)).toEqual([
      '<title data-head="ssr">Latest offers</title>',
      '<meta name="description" content="Latest offers" data-head="ssr">',
    ])
    document.head.innerHTML = renderHead(tags).join('')

    // Browser side, as entry-client.tsx does it.
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const win = fakeWindow('http://test.local/')
    const router = createRouter(home, win as unknown as Window)
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(container, <App initialPage={home} router={router} />, { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(container.innerHTML).toBe(html)
    expect(document.title).toBe('Latest offers')
    expect(document.head.querySelectorAll('meta[name=description]')).toHaveLength(1)

    // A click on a nav link fetches the next page and renders it.
    win.fetch.mockResolvedValue(inertia(page('NotFound', '/for-sale/', { title: 'Nothing here' })))
    const link = container.querySelector<HTMLAnchorElement>('a[href="/for-sale/"]')!
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))
    })
    expect(container.querySelector('h1')!.textContent).toBe('Nothing here')
    expect(container.querySelector('a[aria-current=page]')!.getAttribute('href')).toBe('/for-sale/')
    expect(document.title).toBe('Nothing here')
    expect(document.head.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex')
    expect(document.head.querySelector('meta[name=description]')).toBeNull()
    expect(win.location.pathname).toBe('/for-sale/')

    // Back restores the home page from history.
    await act(async () => { win.history.back() })
    expect(container.querySelector('h1')!.textContent).toBe('Latest offers')
    container.remove()
  })
})
