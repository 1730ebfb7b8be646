import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type Lang, LangProvider } from '../../lib/i18n'
import type { Agency } from '../../lib/site/types'
import type { ModuleView } from './model/types'
import { Modules } from './components/Modules'

const agency: Agency = { name: 'Immo Arlon', phone: '', phoneText: '', email: '', street: '', zip: '', city: '' }
const module = (over: Partial<ModuleView>): ModuleView => ({ id: 7, view: 'testimonials', title: 'Ils nous font confiance', numberItemOfRow: 3, maxItems: 6, ...over })
/** Renders the module and returns its testimonials. */
function testimonials(m: ModuleView, lang: Lang) {
  render(
    <LangProvider lang={lang}>
      <Modules modules={[m]} lang={lang} agency={agency} />
    </LangProvider>,
  )
  return screen.queryAllByRole('figure')
}

describe('testimonials module', () => {
  // As Go sends them for /nl/: the page's language first (a stored one, a configured one), then the others.
  const nl = module({
    testimonials: [
      { name: 'Jan en Els V.', comment: 'Vlotte communicatie.', lang: 'nl' },
      { name: 'Marie D., Arlon', title: 'Snelle en vlotte verkoop', comment: 'Ons huis werd in zes weken verkocht.', lang: 'nl' },
      { name: 'Mark T.', comment: 'Found a flat near the station.', lang: 'en', picture: '/pictures/demo/mark.jpg' },
      { name: 'Sophie M.', comment: 'Notre maison a été vendue.', lang: 'fr' },
    ],
  })

  it('shows stored and configured ones in order; another language carries lang', () => {
    const figures = testimonials(nl, 'nl')
    expect(figures.map((f) => f.getAttribute('lang'))).toEqual([null, null, 'en', 'fr'])
    for (const f of figures) expect(f).toHaveClass('testimonial')
    const said = ['Vlotte communicatie.', 'Ons huis werd in zes weken verkocht.', 'Found a flat near the station.', 'Notre maison a été vendue.']
    figures.forEach((f, i) => expect(f).toHaveTextContent(said[i]))
    expect(screen.getByRole('heading', { level: 3, name: 'Snelle en vlotte verkoop' })).toHaveClass('testimonial-title')
    expect(figures[1]).toContainElement(screen.getByRole('heading', { level: 3, name: 'Snelle en vlotte verkoop' }))
    expect(figures[2].querySelector('img')!.getAttribute('src')).toContain('/pictures/demo/mark.jpg?width=100')
  })

  it('marks no lang for a testimonial in the page language or of unknown language', () => {
    const figures = testimonials(module({ testimonials: [{ name: 'Anne', comment: 'Très bien', lang: 'fr' }, { name: 'X', comment: 'Ok' }] }), 'fr')
    expect(figures).toHaveLength(2)
    expect(document.querySelector('[lang]')).toBeNull()
  })

  it('keeps to maxItems', () => {
    expect(testimonials({ ...nl, maxItems: 2 }, 'nl')).toHaveLength(2)
  })
})

describe('testimonials module: what a visitor sent', () => {
  it("links the author's website, nofollow ugc, and names what they were to the agency", () => {
    const figures = testimonials(
      module({
        testimonials: [
          { name: 'Anne L.', comment: 'Top', lang: 'fr', website: 'https://anne.example.be/', about: 'seller' },
          { name: 'Bart', comment: 'Goed', lang: 'nl', website: 'javascript:alert(1)', about: 'owner' },
        ],
      }),
      'fr',
    )
    const link = screen.getByRole('link', { name: 'Anne L.' })
    expect(link).toHaveAttribute('href', 'https://anne.example.be/')
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener')
    expect(figures[0]).toHaveTextContent('Vendeur')
    expect(figures[1].querySelector('a')).toBeNull()
    expect(figures[1].querySelector('.testimonial-about')).toBeNull()
  })

  it('invites to write one where the site has a testimonial page', () => {
    testimonials(module({ testimonials: [{ name: 'A', comment: 'B' }], moreHref: '/de/erfahrungsberichte/' }), 'de')
    expect(screen.getByRole('link', { name: 'Teilen Sie Ihre Erfahrung' })).toHaveAttribute('href', '/de/erfahrungsberichte/')
  })
})
