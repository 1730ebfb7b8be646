import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Lang, LangProvider } from '../../lib/i18n'
import { RouterContext, type Router } from '../../lib/router'
import { parseSearchAnswer, SchemaError } from './api/schema'
import { cardZero } from '../../test/fixtures'
import type { SearchAnswer } from './model/types'
import { clearSuggestionCache, SEARCH_DEBOUNCE_MS } from './api/useSuggestions'
import { SearchBox } from './components/SearchBox'

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
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const LABEL = { fr: 'Rechercher par type, commune ou référence', nl: 'Zoeken op type, gemeente of referentie' }

/** Renders the box in lang and returns its combobox and a user typing into it. */
function mount(lang: 'fr' | 'nl' = 'fr', action = `/${lang}/a-vendre/`) {
  const user = userEvent.setup()
  render(
    <RouterContext.Provider value={router}>
      <LangProvider lang={lang}>
        <SearchBox action={action} />
        <button type="button">elsewhere</button>
      </LangProvider>
    </RouterContext.Provider>,
  )
  return { user, input: screen.getByRole<HTMLInputElement>('combobox', { name: LABEL[lang] }) }
}

/** Waits past the debounce, and for the answer it asked for. */
const settle = () => act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50)))

const listbox = () => screen.getByRole('listbox', { hidden: true })
const options = () => screen.queryAllByRole('option')
const groupLabel = () => within(listbox()).getByRole('group').getAttribute('aria-labelledby')!
/** Presses key on input and tells whether the box kept the browser from acting on it. */
const prevented = (input: HTMLElement, key: string) => !fireEvent.keyDown(input, { key })

describe('SearchBox', () => {
  it('is a labelled combobox in a GET form (works without JavaScript)', () => {
    const server = document.body.appendChild(document.createElement('div'))
    server.innerHTML = renderToString(
      <LangProvider lang="fr">
        <SearchBox action="/fr/a-vendre/" />
      </LangProvider>,
    )
    const form = within(server).getByRole('search')
    expect(form.tagName).toBe('FORM')
    expect(form).toHaveAttribute('method', 'get')
    expect(form).toHaveAttribute('action', '/fr/a-vendre/')
    const input = within(form).getByRole('combobox', { name: LABEL.fr })
    expect(input).toHaveAttribute('type', 'text')
    expect(input).toHaveAttribute('name', 'q')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    server.remove()
  })

  it('shows nothing for an empty query and asks nothing', async () => {
    const { user, input } = mount()
    await user.type(input, '   ')
    await settle()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(listbox()).not.toBeVisible()
  })

  it('debounces, then shows the city group; arrows, Enter and Escape work', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'arl')
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0][0]).toBe('/api/search?q=arl&lang=fr')

    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-controls', listbox().id)
    expect(listbox()).toBeVisible()
    expect(document.getElementById(groupLabel())).toHaveTextContent('Communes')
    // One entry per list, each with the count of the list it opens.
    expect(options().map((o) => o.textContent)).toEqual(['Arlon (6700)30 à vendre', 'Arlon (6700)10 à louer'])
    expect(input).not.toHaveAttribute('aria-activedescendant')
    expect(screen.getByRole('status')).toHaveTextContent('2 suggestions')

    expect(prevented(input, 'ArrowDown')).toBe(true)
    expect(input).toHaveAttribute('aria-activedescendant', options()[0].id)
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}') // wraps to the last
    expect(input).toHaveAttribute('aria-activedescendant', options()[1].id)

    expect(prevented(input, 'Enter')).toBe(true)
    expect(router.visit).toHaveBeenCalledWith('/fr/a-louer/?city=Arlon%7C6700')
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('Enter on an option goes there once: the form is not submitted too', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'arl')
    await settle()
    await user.keyboard('{ArrowDown}{Enter}')
    expect(router.visit).toHaveBeenCalledTimes(1)
    expect(router.visit).toHaveBeenCalledWith('/fr/a-vendre/?city=Arlon%7C6700')
  })

  it('the arrows reopen a closed list, ArrowDown at the first option, ArrowUp at the last', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'arl')
    await settle()
    await user.keyboard('{ArrowDown}{Enter}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-activedescendant', options()[0].id)
    await user.keyboard('{ArrowDown}{Enter}{ArrowUp}')
    expect(input).toHaveAttribute('aria-activedescendant', options()[1].id)
  })

  it('leaving the box closes the list; coming back shows it again', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'arl')
    await settle()
    expect(input).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: 'elsewhere' }))
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await user.click(input)
    expect(input).toHaveAttribute('aria-expanded', 'true')
  })

  it('Escape closes the list and clears the text', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'arl')
    await settle()
    expect(input).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{ArrowDown}')
    expect(prevented(input, 'Escape')).toBe(true)
    expect(input).toHaveValue('')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    expect(options()).toHaveLength(0)
  })

  it('speaks Dutch and moves through property options by ID', async () => {
    const { user, input } = mount('nl', '/nl/te-koop/')
    await user.type(input, '41000')
    await settle()
    expect(fetchMock.mock.calls[0][0]).toBe('/api/search?q=41000&lang=nl')
    expect(document.getElementById(groupLabel())).toHaveTextContent('Panden')
    const texts = options().map((o) => o.textContent)
    expect(texts[0]).toBe('4100001 · Villa 4 chambres6700 Arlon · € 345.000')
    expect(texts[1]).toBe('4100002 · Appartement6700 Arlon · Prijs op aanvraag')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant', options()[1].id)
    await user.keyboard('{ArrowDown}') // wraps to the first
    expect(input).toHaveAttribute('aria-activedescendant', options()[0].id)
    await user.keyboard('{ArrowUp}') // and back to the last
    expect(input).toHaveAttribute('aria-activedescendant', options()[1].id)
    await user.keyboard('{Enter}')
    expect(router.visit).toHaveBeenCalledWith('/nl/te-koop/arlon/appartement/4100002/')
  })

  it('cuts a type description to 100 characters and shows its counts', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'im')
    await settle()
    expect(options()).toHaveLength(1) // nothing for rent: no entry for the rent list
    const main = options()[0].querySelector('.search-box-option-main')!.textContent!
    expect(Array.from(main).length).toBeLessThanOrEqual(101)
    expect(main.endsWith('…')).toBe(true)
    expect(options()[0].querySelector('.search-box-option-detail')).toHaveTextContent('3 à vendre')
  })

  it('a click on an option goes there', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'arl')
    await settle()
    await user.click(screen.getByRole('option', { name: 'Arlon (6700) 30 à vendre' }))
    expect(router.visit).toHaveBeenCalledWith('/fr/a-vendre/?city=Arlon%7C6700')
  })

  it('says when nothing matches, and submits the text for the server to resolve', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'zzz')
    await settle()
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('status')).toHaveTextContent("Aucun résultat n'a été trouvé pour votre recherche")
    await user.keyboard('{Enter}')
    expect(router.visit).toHaveBeenCalledWith('/fr/a-vendre/?q=zzz')
  })

  it('submits the text, not the first suggestion: the server resolves it as without JavaScript', async () => {
    const { user, input } = mount('nl', '/nl/te-koop/')
    for (const text of ['arl', '4100012', 'Aarlen', 'appartement & co']) {
      router.visit.mockClear()
      await user.clear(input)
      await user.type(input, text)
      await settle()
      await user.keyboard('{Enter}')
      expect(router.visit).toHaveBeenCalledWith(`/nl/te-koop/?q=${encodeURIComponent(text)}`)
    }
  })

  it('reports a malformed answer instead of showing it', async () => {
    const { user, input } = mount('fr')
    await user.type(input, 'bad')
    await settle()
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('status')).toHaveTextContent("Il y a une erreur dans l'API")
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
