import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18nFor, type Lang } from '../../lib/i18n'
import { RouterContext, type Router } from '../../lib/router'
import { parseSearchAnswer, SchemaError } from './api/schema'
import { cardZero } from '../../test/fixtures'
import type { SearchAnswer } from './model/types'
import { clearSuggestionCache, SEARCH_DEBOUNCE_MS } from './api/useSuggestions'
import { SearchBox } from './components/SearchBox'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const LONG_TYPE = 'Immeuble de rapport avec commerce au rez-de-chaussée et appartements aux étages, idéal pour investisseur averti'

function answerFor(q: string, lang: Lang): SearchAnswer {
  const list = lang === 'nl' ? 'te-koop' : 'a-vendre'
  const rentList = lang === 'nl' ? 'te-huur' : 'a-louer'
  if (/^41000/.test(q)) {
    return {
      types: [],
      cities: [],
      properties: [
        { ...cardZero, ID: 4100001, Goal: 0, TypeDescription: 'Villa', Price: 345000, PublishPrice: true, PriceUnit: 1, Marquee: 0, Zip: '6700', City: 'Arlon',
          SmallPictureItem: { Url: '/pictures/demo/house-01.jpg' }, Title: 'Villa 4 chambres', Status: 'available', href: `/${lang}/${list}/arlon/villa/4100001/` },
        { ...cardZero, ID: 4100002, Goal: 0, TypeDescription: 'Appartement', Price: 0, PublishPrice: false, PriceUnit: 1, Marquee: 0, Zip: '6700', City: 'Arlon',
          SmallPictureItem: { Url: '' }, Status: 'available', href: `/${lang}/${list}/arlon/appartement/4100002/` },
      ],
    }
  }
  if (q.toLowerCase() === 'arl') {
    return {
      types: [],
      cities: [{ Name: lang === 'nl' ? 'Aarlen' : 'Arlon', Zip: '6700', CountryID: 10, CountryName: 'Belgique', PropertyCount: 40, SaleCount: 30, RentCount: 10,
        saleHref: `/${lang}/${list}/?city=Arlon%7C6700`, rentHref: `/${lang}/${rentList}/?city=Arlon%7C6700` }],
      properties: [],
    }
  }
  if (q.toLowerCase() === 'im') {
    return { types: [{ WebID: 5, Label: LONG_TYPE, SaleCount: 3, RentCount: 0, saleHref: `/${lang}/${list}/?type=5` }], cities: [], properties: [] }
  }
  if (q === 'bad') return { types: 'nope' } as unknown as SearchAnswer
  return { types: [], cities: [], properties: [] }
}

let container: HTMLDivElement
let root: Root
let fetchMock: ReturnType<typeof vi.fn>
const router = {
  visit: vi.fn(async () => {}),
  prefetch: vi.fn(),
  isLocal: (href: string) => href.startsWith('/'),
} as unknown as Router & { visit: ReturnType<typeof vi.fn> }

beforeEach(() => {
  clearSuggestionCache()
  fetchMock = vi.fn(async (url: string) => {
    const u = new URL(url, 'http://test.local')
    return new Response(JSON.stringify(answerFor(u.searchParams.get('q') ?? '', u.searchParams.get('lang') as Lang)), { headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  router.visit.mockClear()
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  vi.unstubAllGlobals()
})

function mount(lang: Lang = 'fr', action = `/${lang}/a-vendre/`) {
  act(() =>
    root.render(
      <RouterContext.Provider value={router}>
        <I18nextProvider i18n={i18nFor(lang)}>
          <SearchBox action={action} />
        </I18nextProvider>
      </RouterContext.Provider>,
    ),
  )
  return container.querySelector<HTMLInputElement>('input[role="combobox"]')!
}

const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!

/** Focuses the box, types text and waits past the debounce for the answer. */
async function type(input: HTMLInputElement, text: string) {
  act(() => input.focus())
  act(() => {
    setter.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await act(async () => {
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50))
  })
}

function key(input: HTMLInputElement, k: string) {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
  act(() => {
    input.dispatchEvent(e)
  })
  return e
}

const listbox = () => container.querySelector<HTMLElement>('[role="listbox"]')!
const options = () => [...container.querySelectorAll<HTMLElement>('[role="option"]')]

describe('SearchBox', () => {
  it('is a labelled combobox in a GET form (works without JavaScript)', () => {
    const html = renderToString(
      <I18nextProvider i18n={i18nFor('fr')}>
        <SearchBox action="/fr/a-vendre/" />
      </I18nextProvider>,
    )
    const form = /<form[^>]*>/.exec(html)![0]
    expect(form).toContain('role="search"')
    expect(form).toContain('method="get"')
    expect(form).toContain('action="/fr/a-vendre/"')
    expect(html).toMatch(/<input[^>]*type="text"[^>]*name="q"/)
    expect(html).toContain('role="combobox"')
    expect(html).toContain('aria-expanded="false"')
    expect(html).toContain('Rechercher par type, commune ou référence')
  })

  it('shows nothing for an empty query and asks nothing', async () => {
    const input = mount()
    await type(input, '   ')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(listbox().hidden).toBe(true)
  })

  it('debounces, then shows the city group; arrows, Enter and Escape work', async () => {
    const input = mount('fr')
    act(() => input.focus())
    for (const text of ['a', 'ar', 'arl']) {
      act(() => {
        setter.call(input, text)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
    }
    await act(async () => {
      await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50))
    })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0][0]).toBe('/api/search?q=arl&lang=fr')

    expect(input.getAttribute('aria-expanded')).toBe('true')
    expect(input.getAttribute('aria-controls')).toBe(listbox().id)
    expect(listbox().hidden).toBe(false)
    const group = listbox().querySelector('[role="group"]')!
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Communes')
    // One entry per list, each with the count of the list it opens.
    expect(options().map((o) => o.textContent)).toEqual(['Arlon (6700)30 à vendre', 'Arlon (6700)10 à louer'])
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)

    expect(key(input, 'ArrowDown').defaultPrevented).toBe(true)
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0].id)
    expect(options()[0].getAttribute('aria-selected')).toBe('true')
    key(input, 'ArrowUp') // wraps to the last
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1].id)

    expect(key(input, 'Enter').defaultPrevented).toBe(true)
    expect(router.visit).toHaveBeenCalledWith('/fr/a-louer/?city=Arlon%7C6700')
    expect(input.getAttribute('aria-expanded')).toBe('false')
  })

  it('Escape closes the list and clears the text', async () => {
    const input = mount('fr')
    await type(input, 'arl')
    expect(input.getAttribute('aria-expanded')).toBe('true')
    key(input, 'ArrowDown')
    key(input, 'Escape')
    expect(input.value).toBe('')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)
    expect(options()).toHaveLength(0)
  })

  it('speaks Dutch and moves through property options by ID', async () => {
    const input = mount('nl', '/nl/te-koop/')
    expect(container.querySelector('label')!.textContent).toBe('Zoeken op type, gemeente of referentie')
    await type(input, '41000')
    expect(fetchMock.mock.calls[0][0]).toBe('/api/search?q=41000&lang=nl')
    const group = listbox().querySelector('[role="group"]')!
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Panden')
    const texts = options().map((o) => o.textContent)
    expect(texts[0]).toBe('4100001 · Villa 4 chambres6700 Arlon · € 345.000')
    expect(texts[1]).toBe('4100002 · Appartement6700 Arlon · Prijs op aanvraag')
    key(input, 'ArrowDown')
    key(input, 'ArrowDown')
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1].id)
    key(input, 'ArrowDown') // wraps to the first
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0].id)
    key(input, 'ArrowUp') // and back to the last
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1].id)
    key(input, 'Enter')
    expect(router.visit).toHaveBeenCalledWith('/nl/te-koop/arlon/appartement/4100002/')
  })

  it('cuts a type description to 100 characters and shows its counts', async () => {
    const input = mount('fr')
    await type(input, 'im')
    const main = options()[0].querySelector('.search-box-option-main')!.textContent!
    expect(Array.from(main).length).toBeLessThanOrEqual(101)
    expect(main.endsWith('…')).toBe(true)
    expect(options()[0].querySelector('.search-box-option-detail')!.textContent).toBe('3 à vendre')
    expect(options()).toHaveLength(1) // nothing for rent: no entry for the rent list
  })

  it('a click on an option goes there', async () => {
    const input = mount('fr')
    await type(input, 'arl')
    act(() => {
      options()[0].dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    expect(router.visit).toHaveBeenCalledWith('/fr/a-vendre/?city=Arlon%7C6700')
  })

  it('says when nothing matches, and submits the text for the server to resolve', async () => {
    const input = mount('fr')
    await type(input, 'zzz')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(container.querySelector('[role="status"]')!.textContent).toBe("Aucun résultat n'a été trouvé pour votre recherche")
    act(() => {
      container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    })
    expect(router.visit).toHaveBeenCalledWith('/fr/a-vendre/?q=zzz')
  })

  it('submits the text, not the first suggestion: the server resolves it as without JavaScript', async () => {
    const input = mount('nl', '/nl/te-koop/')
    for (const text of ['arl', '4100012', 'Aarlen', 'appartement & co']) {
      router.visit.mockClear()
      await type(input, text)
      act(() => {
        container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
      })
      expect(router.visit).toHaveBeenCalledWith(`/nl/te-koop/?q=${encodeURIComponent(text)}`)
    }
  })

  it('reports a malformed answer instead of showing it', async () => {
    const input = mount('fr')
    await type(input, 'bad')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(container.querySelector('[role="status"]')!.textContent).toBe("Il y a une erreur dans l'API")
  })
})

describe('parseSearchAnswer', () => {
  it('accepts an answer, with null lists as empty', () => {
    expect(parseSearchAnswer({ types: null, cities: [], properties: [] })).toEqual({ types: [], cities: [], properties: [] })
  })
  it('names the bad field', () => {
    expect(() => parseSearchAnswer({ types: [], cities: [{ Name: 1 }], properties: [] })).toThrow(new SchemaError('cities[0].Name: want a string'))
    expect(() => parseSearchAnswer([])).toThrow(SchemaError)
  })
})
