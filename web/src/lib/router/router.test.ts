import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeWindow, inertia, page, type FakeWindow } from './fake-window'
import { createRouter, PREFETCH_TTL } from './router'
import { ServerError, type Page } from './types'

function setup(initial = page('Home', '/', { title: 'Home' })) {
  const win = fakeWindow('http://test.local' + initial.url)
  const router = createRouter(initial, win as unknown as Window)
  const swapped: Page[] = []
  router.connect((p) => { swapped.push(p) })
  return { win, router, swapped }
}

const headersOf = (win: FakeWindow, call = 0) => new Headers(win.fetch.mock.calls[call][1]!.headers)

afterEach(() => vi.useRealTimers())

describe('router', () => {
  it('takes over scroll restoration, and stores the initial page in history when the visitor leaves it', async () => {
    const { win, router } = setup()
    expect(win.history.scrollRestoration).toBe('manual')
    expect(win.history.state).toBeNull() // nothing copied during the first task
    win.scrollTo(0, 300)
    win.fetch.mockResolvedValue(inertia(page('Listing', '/for-sale/')))
    await router.visit('/for-sale/')
    win.history.back()
    expect(win.history.state).toMatchObject({ page: { component: 'Home', url: '/' }, scroll: [0, 300] })
  })

  it('visits with Inertia headers, pushes history, swaps, scrolls to top and notifies', async () => {
    const { win, router, swapped } = setup()
    const seen: string[] = []
    router.subscribe((p) => seen.push(p.url))
    win.scrollTo(0, 500)
    win.fetch.mockResolvedValue(inertia(page('Listing', '/for-sale/?city=Namur', { n: 1 })))

    await router.visit('/for-sale/?city=Namur')

    const [url, init] = win.fetch.mock.calls[0]
    expect(url).toBe('http://test.local/for-sale/?city=Namur')
    expect(init!.method).toBe('GET')
    const h = headersOf(win)
    expect(h.get('X-Inertia')).toBe('true')
    expect(h.get('X-Inertia-Version')).toBe('v1')
    expect(h.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(swapped.map((p) => p.component)).toEqual(['Listing'])
    expect(router.page.component).toBe('Listing')
    expect(win.location.pathname + win.location.search).toBe('/for-sale/?city=Namur')
    expect(win.history.length).toBe(2)
    expect(win.scrollY).toBe(0)
    expect(seen).toEqual(['/for-sale/?city=Namur'])
  })

  it('goes back and forward from history state, restoring scroll positions', async () => {
    const { win, router, swapped } = setup()
    win.fetch.mockResolvedValue(inertia(page('Detail', '/property/1/')))
    win.scrollTo(0, 420)
    await router.visit('/property/1/')
    win.scrollTo(0, 90)

    win.history.back()
    await Promise.resolve()
    expect(swapped.at(-1)!.component).toBe('Home')
    expect(router.page.url).toBe('/')
    expect(win.scrollY).toBe(420)

    win.history.forward()
    await Promise.resolve()
    expect(swapped.at(-1)!.component).toBe('Detail')
    expect(win.fetch).toHaveBeenCalledTimes(1) // no refetch
  })

  it('keeps only the address of a private page in history, and asks the server again on going back to it', async () => {
    const { win, router, swapped } = setup({ ...page('Lead', '/admin/leads/1/', { email: 'jan@example.be' }), private: true })
    expect(win.history.state).toEqual({ url: '/admin/leads/1/', scroll: [0, 0] })
    win.fetch.mockResolvedValueOnce(inertia({ ...page('Leads', '/admin/leads/', { rows: [] }), private: true }))
    await router.visit('/admin/leads/')
    expect(JSON.stringify(win.history.state)).not.toContain('rows')

    // Logged out meanwhile: going back asks the server, which sends the login.
    win.fetch.mockResolvedValueOnce(inertia({ ...page('Login', '/admin/login/?next=%2Fadmin%2Fleads%2F1%2F'), private: true }))
    win.history.back()
    await vi.waitFor(() => expect(swapped.at(-1)!.component).toBe('Login'))
    expect(win.fetch.mock.calls[1][0]).toBe('http://test.local/admin/leads/1/')
    expect(win.location.pathname + win.location.search).toBe('/admin/login/?next=%2Fadmin%2Fleads%2F1%2F')
    expect(swapped.some((p) => JSON.stringify(p).includes('jan@example.be'))).toBe(false) // never shown from history
  })

  it('reloads the whole page on 409 with X-Inertia-Location (asset version changed)', async () => {
    const { win, router, swapped } = setup()
    win.fetch.mockResolvedValue(new Response('', { status: 409, headers: { 'X-Inertia-Location': 'http://test.local/for-rent/' } }))
    await router.visit('/for-rent/')
    expect(win.location.assign).toHaveBeenCalledWith('http://test.local/for-rent/')
    expect(swapped).toEqual([])
    expect(win.history.length).toBe(1)
  })

  it('loads the page normally when the answer is not an Inertia response', async () => {
    const { win, router, swapped } = setup()
    win.fetch.mockResolvedValue(new Response('<html>', { status: 500 }))
    await router.visit('/contact/')
    expect(win.location.assign).toHaveBeenCalledWith('http://test.local/contact/')
    expect(swapped).toEqual([])
  })

  it('falls back to a full page load on network errors', async () => {
    const { win, router } = setup()
    win.fetch.mockRejectedValue(new TypeError('network'))
    await router.visit('/contact/')
    expect(win.location.assign).toHaveBeenCalledWith('http://test.local/contact/')
  })

  it('follows redirects: the address bar shows the page url of the response', async () => {
    const { win, router } = setup()
    win.fetch.mockResolvedValue(inertia(page('Listing', '/fr/a-vendre/')))
    await router.visit('/fr/for-sale/')
    expect(win.location.pathname).toBe('/fr/a-vendre/')
  })

  it('keeps the hash and scrolls to its anchor', async () => {
    const { win, router } = setup()
    const anchor = document.createElement('div')
    anchor.id = 'map'
    anchor.scrollIntoView = vi.fn()
    document.body.appendChild(anchor)
    win.fetch.mockResolvedValue(inertia(page('Detail', '/property/2/')))
    await router.visit('/property/2/#map')
    expect(win.fetch.mock.calls[0][0]).toBe('http://test.local/property/2/')
    expect(win.location.hash).toBe('#map')
    expect(anchor.scrollIntoView).toHaveBeenCalled()
    anchor.remove()
  })

  it('preserveScroll and replace', async () => {
    const { win, router } = setup()
    win.scrollTo(0, 300)
    win.fetch.mockResolvedValue(inertia(page('Home', '/?sort=price')))
    await router.visit('/?sort=price', { replace: true, preserveScroll: true })
    expect(win.history.length).toBe(1)
    expect(win.scrollY).toBe(300)
  })

  it('keeps the scroll of a form sent back, not of the page a post lands on', async () => {
    const { win, router } = setup(page('Contact', '/contact/'))
    win.scrollTo(0, 800)
    win.fetch.mockResolvedValueOnce(inertia(page('Contact', '/contact/', { errors: { email: 'required' } }), { status: 422 }))
    await router.visit('/contact/', { method: 'post', data: {}, preserveScroll: true })
    expect(win.scrollY).toBe(800)
    win.fetch.mockResolvedValueOnce(inertia(page('ThankYou', '/feedback/contact/')))
    await router.visit('/contact/', { method: 'post', data: {}, preserveScroll: true })
    expect(router.page.component).toBe('ThankYou')
    expect(win.scrollY).toBe(0)
  })

  it('uses a hover prefetch once, within its time to live', async () => {
    vi.useFakeTimers()
    const { win, router, swapped } = setup()
    win.fetch.mockImplementation(async () => inertia(page('Detail', '/property/3/')))
    router.prefetch('/property/3/')
    router.prefetch('/property/3/')
    expect(win.fetch).toHaveBeenCalledTimes(1)
    await router.visit('/property/3/')
    expect(swapped.at(-1)!.component).toBe('Detail')
    expect(win.fetch).toHaveBeenCalledTimes(2) // the page's word that it is shown, not the page again
    expect(headersOf(win, 1).get('X-Prefetched-Visit')).toBe('1')

    router.prefetch('/x/')
    vi.advanceTimersByTime(PREFETCH_TTL + 1)
    await router.visit('/x/')
    expect(win.fetch).toHaveBeenCalledTimes(4) // stale prefetch ignored
    expect(headersOf(win, 3).get('X-Prefetched-Visit')).toBeNull()
  })

  it('marks a hover prefetch, which the server does not count as a visit, and says when its page is shown', async () => {
    const { win, router } = setup()
    win.fetch.mockImplementation(async () => inertia(page('Detail', '/fr/property/3/')))
    router.prefetch('/fr/property/3/')
    const [url, init] = win.fetch.mock.calls[0]
    expect(url).toBe('http://test.local/fr/property/3/')
    expect(init!.method).toBe('GET')
    expect(headersOf(win).get('Purpose')).toBe('prefetch')
    expect(headersOf(win).get('X-Inertia')).toBe('true')

    await router.visit('/fr/property/3/#contact')
    const [shownURL, shown] = win.fetch.mock.calls[1]
    expect(shownURL).toBe('http://test.local/fr/property/3/')
    expect(shown!.method).toBe('GET')
    expect(shown!.keepalive).toBe(true)
    expect(headersOf(win, 1).get('X-Prefetched-Visit')).toBe('1')
    expect(headersOf(win, 1).get('Purpose')).toBeNull()

    await router.visit('/fr/property/4/') // no prefetch: the visit itself counts
    expect(headersOf(win, 2).get('Purpose')).toBeNull()
    expect(headersOf(win, 2).get('X-Prefetched-Visit')).toBeNull()
    expect(win.fetch).toHaveBeenCalledTimes(3)
  })

  it('sends no word of a prefetch that leads to a full load', async () => {
    const { win, router } = setup()
    win.fetch.mockResolvedValueOnce(new Response('<html>', { status: 200 })) // not a page: a full load
    router.prefetch('/elsewhere/')
    await router.visit('/elsewhere/')
    expect(win.location.assign).toHaveBeenCalled()
    expect(win.fetch).toHaveBeenCalledTimes(1)
  })

  it('lets the latest visit win', async () => {
    const { win, router, swapped } = setup()
    let releaseSlow!: (r: Response) => void
    win.fetch
      .mockImplementationOnce(() => new Promise((r) => { releaseSlow = r }))
      .mockResolvedValueOnce(inertia(page('Fast', '/fast/')))
    const slow = router.visit('/slow/')
    await router.visit('/fast/')
    expect((win.fetch.mock.calls[0][1]!.signal as AbortSignal).aborted).toBe(true)
    releaseSlow(inertia(page('Slow', '/slow/')))
    await slow
    expect(swapped.map((p) => p.component)).toEqual(['Fast'])
    expect(win.location.pathname).toBe('/fast/')
  })

  it('posts JSON and drops prefetched pages', async () => {
    const { win, router } = setup()
    win.fetch.mockImplementation(async () => inertia(page('Thanks', '/feedback/contact-me/')))
    router.prefetch('/a/')
    await router.visit('/contact/', { method: 'post', data: { name: 'Ann' } })
    const init = win.fetch.mock.calls[1][1]!
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"name":"Ann"}')
    expect(headersOf(win, 1).get('Content-Type')).toBe('application/json')
    expect(win.location.pathname).toBe('/feedback/contact-me/')
    await router.visit('/a/')
    expect(win.fetch).toHaveBeenCalledTimes(3)
  })

  it("goes back to the #hash entry it left by showing that page again from history", async () => {
    const { win, router, swapped } = setup(page('Property', '/property/4/'))
    win.history.pushState(null, '', '#contact') // the page's own link to its form: the browser's entry, no state
    win.fetch.mockResolvedValue(inertia(page('Thanks', '/feedback/contact-me/')))
    await router.visit('/property/4/', { method: 'post', data: { name: 'Ann' } })
    expect(swapped.map((p) => p.component)).toEqual(['Thanks'])
    win.history.back()
    await Promise.resolve()
    expect(win.location.href).toBe('http://test.local/property/4/#contact')
    expect(swapped.map((p) => p.component)).toEqual(['Thanks', 'Property'])
    expect(win.location.reload).not.toHaveBeenCalled()
  })

  it("goes back to another page's #hash entry it holds nothing of by loading that page again, once", async () => {
    const { win, router } = setup(page('Property', '/property/4/'))
    win.history.pushState(null, '', '#contact') // the browser's entry, no state
    win.fetch.mockResolvedValue(inertia(page('Thanks', '/feedback/contact-me/')))
    await router.visit('/property/4/', { method: 'post', data: { name: 'Ann' } })
    win.history.go(-2) // past the entry it left, to the first: the page's, never stamped
    expect(win.location.href).toBe('http://test.local/property/4/')
    expect(win.location.reload).toHaveBeenCalledTimes(1)
    expect(win.location.assign).not.toHaveBeenCalled()
  })

  it('rejects a post answered by no page, so the form keeps what was typed', async () => {
    const { win, router, swapped } = setup(page('Page', '/contact/'))
    win.fetch.mockResolvedValue(new Response('<html>Bad Gateway', { status: 502 }))
    await expect(router.visit('/contact/', { method: 'post', data: { name: 'Ann' } })).rejects.toEqual(new ServerError(502))
    expect(win.location.assign).not.toHaveBeenCalled()
    expect(swapped).toEqual([])
  })

  it('posts FormData as multipart, letting fetch set the boundary', async () => {
    const { win, router } = setup(page('Page', '/jobs/'))
    win.fetch.mockResolvedValue(inertia(page('Thanks', '/feedback/job-application/')))
    const data = new FormData()
    data.append('form', 'job-application')
    data.append('cv', new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }))
    await router.visit('/jobs/', { method: 'post', data })
    const init = win.fetch.mock.calls[0][1]!
    expect(init.method).toBe('POST')
    expect(init.body).toBe(data)
    expect(headersOf(win).get('Content-Type')).toBeNull()
    expect(headersOf(win).get('X-Inertia')).toBe('true')
    expect(win.location.pathname).toBe('/feedback/job-application/')
    await expect(router.visit('/jobs/', { data })).rejects.toThrow(/FormData/)
  })

  it('shows the page a refused post answers with, errors and values kept', async () => {
    const { win, router, swapped } = setup(page('Page', '/contact/'))
    const refused = page('Page', '/contact/', { errors: { email: 'forms.email' }, form: { name: 'site-contact', values: { email: 'x' } } })
    win.fetch.mockResolvedValue(inertia(refused, { status: 422 }))
    await router.visit('/contact/', { method: 'post', data: { email: 'x' }, preserveScroll: true })
    expect(swapped.at(-1)?.props).toEqual(refused.props)
    expect(win.location.pathname).toBe('/contact/')
  })

  it('appends GET data to the query', async () => {
    const { win, router } = setup()
    win.fetch.mockResolvedValue(inertia(page('Listing', '/for-sale/?type=2&city=Namur')))
    await router.visit('/for-sale/?type=1', { data: { type: 2, city: 'Namur', empty: null } })
    expect(win.fetch.mock.calls[0][0]).toBe('http://test.local/for-sale/?type=2&city=Namur')
  })

  it('tells local links from others', () => {
    const { router } = setup()
    expect(router.isLocal('/for-sale/')).toBe(true)
    expect(router.isLocal('http://test.local/x')).toBe(true)
    expect(router.isLocal('https://elsewhere.example/')).toBe(false)
    expect(router.isLocal('mailto:a@b.c')).toBe(false)
  })
})
