import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { i18nFor, type Lang } from '../../lib/i18n'
import type { Agency } from '../../lib/site/types'
import type { ModuleView } from './model/types'
import { Modules } from './components/Modules'

const agency: Agency = { name: 'Immo Arlon', phone: '', phoneText: '', email: '', street: '', zip: '', city: '' }
const module = (over: Partial<ModuleView>): ModuleView => ({ id: 7, view: 'testimonials', title: 'Ils nous font confiance', numberItemOfRow: 3, maxItems: 6, ...over })
const html = (m: ModuleView, lang: Lang) =>
  renderToString(
    <I18nextProvider i18n={i18nFor(lang)}>
      <Modules modules={[m]} lang={lang} agency={agency} />
    </I18nextProvider>,
  )

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
    const out = html(nl, 'nl')
    const figures = out.match(/<figure[^>]*>/g)!
    expect(figures).toEqual(['<figure class="testimonial">', '<figure class="testimonial">', '<figure class="testimonial" lang="en">', '<figure class="testimonial" lang="fr">'])
    const text = out.replace(/<[^>]+>/g, '|')
    const order = ['Vlotte communicatie.', 'Snelle en vlotte verkoop', 'Ons huis werd', 'Found a flat', 'Notre maison'].map((s) => text.indexOf(s))
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true)
    expect(out).toMatch(/<h3 class="testimonial-title">Snelle en vlotte verkoop<\/h3>/)
    expect(out).toContain('/pictures/demo/mark.jpg?width=100')
  })

  it('marks no lang for a testimonial in the page language or of unknown language', () => {
    const out = html(module({ testimonials: [{ name: 'Anne', comment: 'Très bien', lang: 'fr' }, { name: 'X', comment: 'Ok' }] }), 'fr')
    expect(out).not.toContain('lang=')
  })

  it('keeps to maxItems', () => {
    expect(html({ ...nl, maxItems: 2 }, 'nl').match(/<figure/g)).toHaveLength(2)
  })
})
