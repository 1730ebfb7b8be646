// The list page: its filter form (a GET form that also works without
// JavaScript, router visits with it), the live result count, the list/map
// switch and the map frame's message.
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../app/App'
import { allViews } from '../../app/pages'
import { translate } from '../../lib/i18n'
import { createRouter, type Page } from '../../lib/router'
import { fakeWindow, inertia } from '../../lib/router/fake-window'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import type { Marker } from '../../shared/map/model/types'
import type { PropertyListProps } from './model/types'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const types = [
  { ID: 1, WebID: 1, Name: { fr: 'Villa/Maison/Ferme' }, Label: 'Villa/Maison/Ferme', SaleCount: 18, RentCount: 4 },
  { ID: 2, WebID: 2, Name: { fr: 'Appartement' }, Label: 'Appartement', SaleCount: 13, RentCount: 7 },
  { ID: 9, WebID: 9, Name: { fr: 'Bureau' }, Label: 'Bureau', SaleCount: 0, RentCount: 2 },
]
const cities = [
  { Name: 'Arlon', Zip: '6700', PropertyCount: 14 },
  { Name: 'Attert', Zip: '6717', PropertyCount: 2 },
]
const markers: Marker[] = [
  { ID: 4100004, Goal: 0, lat: 49.68, lng: 5.83, Price: 325000, PublishPrice: true, PriceUnit: 1, Marquee: 0, title: 'Villa – Arlon', City: 'Arlon', picture: '/pictures/demo/house-05.jpg', href: '/fr/a-vendre/arlon/villa/4100004/' },
  { ID: 4100005, Goal: 0, lat: 49.7, lng: 5.8, Price: 190000, PublishPrice: false, PriceUnit: 1, Marquee: 2, title: 'Appartement – Attert', City: 'Attert', href: '/fr/a-vendre/attert/appartement/4100005/' },
]

/** The fixture's sale list (page 2 of 4, Arlon, by price) with the given props. */
function listPage(over: Partial<PropertyListProps> = {}, url?: string): Page {
  const base = pagesIn('fr')[1]
  return { ...base, url: url ?? base.url, props: { ...base.props, types, cities, mode: 'list', ...over } }
}

function parse(html: string): HTMLElement {
  const div = document.createElement('div')
  div.innerHTML = html
  return div
}

/** A select's options as "value|text" (+ "|selected"). */
function options(root: ParentNode, name: string): string[] {
  return [...root.querySelectorAll<HTMLOptionElement>(`select[name="${name}"] option`)].map(
    (o) => `${o.value}|${o.textContent}${o.hasAttribute('selected') ? '|selected' : ''}`,
  )
}

let root: Root | null = null
afterEach(() => {
  if (root) act(() => root!.unmount())
  root = null
  document.body.innerHTML = ''
  vi.useRealTimers()
})

async function mount(page: Page) {
  const win = fakeWindow(`http://test.local${page.url}`)
  const router = createRouter(page, win as unknown as Window)
  const container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
  await act(async () => root!.render(<App initialPage={page} router={router} views={allViews} />))
  return { win, container }
}

describe('list page', () => {
  it('renders a GET form that works without JavaScript, the live count and the switch', () => {
    const doc = parse(renderPage(listPage()))
    const form = doc.querySelector('form[role="search"]')!
    expect([form.getAttribute('method'), form.getAttribute('action'), form.getAttribute('aria-label')]).toEqual(['get', '/fr/a-vendre/', translate('fr', 'list.filters.label')])
    const names = [...form.querySelectorAll('[name]')].map((el) => el.getAttribute('name'))
    expect(names).toEqual(['city', 'type', 'priceMin', 'priceMax', 'bedroomsMin', 'sort', 'order'])
    for (const el of form.querySelectorAll('select, input')) expect(form.querySelector(`label[for="${el.id}"]`)?.textContent, el.id).toBeTruthy()
    expect(options(form, 'city')).toEqual(['|Toutes les communes', 'Arlon|6700|Arlon (6700)|selected', 'Attert|6717|Attert (6717)'])
    // Types with the list's counts; none for sale, none shown.
    expect(options(form, 'type')).toEqual(['|Tous les types|selected', '1|Villa/Maison/Ferme (18)', '2|Appartement (13)'])
    expect(options(form, 'sort')).toContain('price|Prix|selected')
    const summary = doc.querySelector('.list-summary')!
    expect([summary.getAttribute('role'), summary.getAttribute('aria-live'), summary.textContent]).toEqual(['status', 'polite', 'Page 2 sur 4 – 43 biens'])
    const views = [...doc.querySelectorAll('.view-switch a')].map((a) => `${a.getAttribute('href')} ${a.getAttribute('aria-current')}`)
    expect(views).toEqual(['/fr/a-vendre/?city=Arlon%7C6700&order=asc&sort=price true', '/fr/a-vendre/?city=Arlon%7C6700&order=asc&sort=price&view=map null'])
    expect(doc.querySelector('iframe')).toBeNull()
    // The sold list shows no counts (they are of available properties).
    expect(options(parse(renderPage(listPage({ list: 'sold' }))), 'type')).toContain('1|Villa/Maison/Ferme')
  })

  it('says there are no results, translated, and offers to clear the filters', () => {
    for (const lang of ['fr', 'de'] as const) {
      const base = pagesIn(lang)[1]
      const doc = parse(renderPage({ ...base, props: { ...base.props, total: 0, pages: 0, page: 1, items: [] } }))
      expect(doc.querySelector('[role="status"]')!.textContent).toBe(translate(lang, 'list.empty'))
      expect(doc.querySelector('.list-empty a')!.textContent).toBe(translate(lang, 'list.clearFilters'))
      expect(doc.querySelector('.pagination')).toBeNull()
    }
  })

  it('over the map (which shows them all) says only the count, in every language', () => {
    const want = { nl: '43 panden', fr: '43 biens', en: '43 properties', de: '43 Immobilien' }
    for (const lang of ['nl', 'fr', 'en', 'de'] as const) {
      const base = pagesIn(lang)[1]
      const map = parse(renderPage({ ...base, props: { ...base.props, mode: 'map', markers, total: 43, page: 1, pages: 4 } }))
      expect(map.querySelector('[role="status"]')!.textContent).toBe(want[lang])
      const list = parse(renderPage({ ...base, props: { ...base.props, mode: 'list', total: 43, page: 1, pages: 4 } }))
      expect(list.querySelector('[role="status"]')!.textContent).toBe(`${translate(lang, 'list.pageOf', { page: 1, pages: 4 })} – ${want[lang]}`)
    }
  })

  it('a search naming nothing says so and offers its suggestions, each to the list it counts', () => {
    const suggestions = {
      types: [],
      cities: [{ Name: 'Arlon', Zip: '6700', PropertyCount: 22, SaleCount: 14, RentCount: 8, saleHref: '/nl/te-koop/?city=Arlon%7C6700', rentHref: '/nl/te-huur/?city=Arlon%7C6700' }],
      properties: [],
    }
    const base = pagesIn('nl')[1]
    const doc = parse(renderPage({ ...base, props: { ...base.props, total: 0, pages: 0, page: 1, items: [], search: { query: 'Arl', suggestions } } }))
    expect(doc.querySelector('[role="status"]')!.textContent).toBe('Niets gevonden voor „Arl”.')
    const links = [...doc.querySelectorAll('.search-not-found li')].map((li) => `${li.querySelector('a')!.getAttribute('href')} ${li.textContent}`)
    expect(links).toEqual(['/nl/te-koop/?city=Arlon%7C6700 Arlon (6700) 14 te koop', '/nl/te-huur/?city=Arlon%7C6700 Arlon (6700) 8 te huur'])
    expect(doc.querySelector('.list-empty a')!.textContent).toBe(translate('nl', 'list.clearFilters'))
    // Without suggestions: the message alone.
    const none = parse(renderPage({ ...base, props: { ...base.props, total: 0, pages: 0, page: 1, items: [], search: { query: 'kasteel', suggestions: { types: [], cities: [], properties: [] } } } }))
    expect(none.querySelector('[role="status"]')!.textContent).toBe('Niets gevonden voor „kasteel”.')
    expect(none.querySelector('.search-not-found')).toBeNull()
  })

  it('keeps view=map on the filters, the switch and the pages of the map', () => {
    const doc = parse(renderPage(listPage({ mode: 'map', markers }, '/fr/a-vendre/?page=2&view=map')))
    expect(doc.querySelector('input[type="hidden"][name="view"]')!.getAttribute('value')).toBe('map')
    const frame = doc.querySelector('iframe')!
    expect([frame.getAttribute('src'), frame.getAttribute('title')]).toEqual(['/map-frame/?lang=fr', translate('fr', 'map.title')])
    expect(doc.querySelector('.view-switch a[aria-current]')!.getAttribute('href')).toContain('view=map')
    expect([...doc.querySelectorAll('.pagination a')].every((a) => a.getAttribute('href')!.includes('view=map'))).toBe(true)
  })

  it('visits the filtered list without a reload, back to page 1, keeping the form', async () => {
    const page = listPage()
    const { win, container } = await mount(page)
    const next = listPage({ filters: { ...page.props.filters as PropertyListProps['filters'], type: '2', order: '' }, page: 1, pages: 1, total: 5 }, '/fr/a-vendre/?city=Arlon%7C6700&sort=price&type=2')
    win.fetch.mockResolvedValue(inertia(next))
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type de bien' })
    await userEvent.selectOptions(select, '2') // Appartement
    expect(win.fetch).toHaveBeenCalledTimes(1)
    const [url, init] = win.fetch.mock.calls[0]
    expect(String(url)).toBe('http://test.local/fr/a-vendre/?city=Arlon%7C6700&sort=price&type=2')
    expect((init?.headers as Record<string, string>)['X-Inertia']).toBe('true')
    expect(win.location.assign).not.toHaveBeenCalled()
    expect(win.location.pathname + win.location.search).toBe('/fr/a-vendre/?city=Arlon%7C6700&sort=price&type=2')
    expect(container.querySelector('.list-summary')!.textContent).toBe('Page 1 sur 1 – 5 biens')
    // The same form (state kept): the focus stays on the select.
    expect(screen.getByRole('combobox', { name: 'Type de bien' })).toBe(select)
    expect(select).toHaveFocus()
    expect(select).toHaveValue('2')
  })

  it('submits the prices in order, normalized', async () => {
    const { win } = await mount(listPage())
    win.fetch.mockResolvedValue(inertia(listPage()))
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Prix minimum (€)'), '400000')
    await user.type(screen.getByLabelText('Prix maximum (€)'), '200000')
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    expect(win.fetch).toHaveBeenCalledTimes(1)
    expect(String(win.fetch.mock.calls[0][0])).toBe('http://test.local/fr/a-vendre/?city=Arlon%7C6700&priceMax=400000&priceMin=200000&sort=price')
  })

  it('shows the map frame and posts it the message 50 ms after it loads', async () => {
    vi.useFakeTimers()
    // happy-dom loads no frame (and says so on the console): the test plays the frame's part.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { container } = await mount(listPage({ mode: 'map', markers }, '/fr/a-vendre/?view=map'))
    const frame = container.querySelector('iframe')!
    const post = vi.fn()
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post }, configurable: true })
    frame.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(49)
    expect(post).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(post).toHaveBeenCalledTimes(1)
    const [msg, origin] = post.mock.calls[0]
    expect(origin).toBe(window.location.origin)
    expect(msg.properties.map((p: { ID: number; priceText: string }) => [p.ID, p.priceText])).toEqual([
      [4100004, '€ 325.000'],
      [4100005, translate('fr', 'rules.price.onRequest')],
    ])
    expect(msg).toMatchObject({ message: translate('fr', 'map.viewProperty'), mapType: 'roadmap', customMarker: null, marqueeIgnore: [0, 3, 4, 13] })

    // The frame saying it listens (from itself, this origin) gets it again; anyone else does not.
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'immo-map-ready' }, origin: 'https://evil.example', source: frame.contentWindow }))
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'immo-map-ready' }, origin: window.location.origin, source: frame.contentWindow }))
    vi.advanceTimersByTime(50)
    expect(post).toHaveBeenCalledTimes(2)
    quiet.mockRestore()
  })
})
