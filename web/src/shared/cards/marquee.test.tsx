import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { buildMapMessage } from '../map'
import { type Lang, LangProvider, LANGUAGES, tFor } from '../../lib/i18n'
import { HIDDEN_MARQUEES, KNOWN_MARQUEES, marqueeOf } from './model/rules'
import { cardZero } from '../../test/fixtures'
import type { Card } from './model/types'
import { PropertyCard } from './components/PropertyCard'
import { attrs, dom } from '../../test/markup'

// The demo feed writes its labels in French (internal/adapter/demo/gen: marqueeNames).
const FEED: Record<number, string> = { 1: 'Nouveau', 2: 'Option', 5: 'Prix revu' }
const WANT: Record<Lang, Record<number, string>> = {
  nl: { 1: 'Nieuw', 2: 'Onder optie', 5: 'Nieuwe prijs' },
  fr: { 1: 'Nouveau', 2: 'Option', 5: 'Prix revu' },
  en: { 1: 'New', 2: 'Under option', 5: 'New price' },
  de: { 1: 'Neu', 2: 'Reserviert', 5: 'Neuer Preis' },
}

const card: Card = {
  ...cardZero, ID: 4100002, Goal: 0, TypeDescription: 'Villa', Price: 345000, PublishPrice: true, PriceUnit: 1, Marquee: 1, MarqueeName: 'Nouveau', Language: 'fr',
  Zip: '6700', City: 'Arlon', SmallPictureItem: { Url: '/pictures/demo/house-01.jpg', Width: 250, Height: 167 }, Status: 'available',
  href: '/nl/te-koop/arlon/villa/4100002/',
}

describe('marquee labels', () => {
  it('a known code reads our translation in the page language, whatever the feed wrote', () => {
    expect(KNOWN_MARQUEES).toEqual([1, 2, 5])
    for (const lang of LANGUAGES)
      for (const code of KNOWN_MARQUEES) expect(marqueeOf(tFor(lang), { Marquee: code, MarqueeName: FEED[code], Language: 'fr' }, lang)).toEqual({ text: WANT[lang][code] })
  })

  it('an unknown code falls back to the feed name, marked with its language when it is not the page one', () => {
    const p = { Marquee: 9, MarqueeName: 'Vendu en 1 jour', Language: 'fr' }
    expect(marqueeOf(tFor('nl'), p, 'nl')).toEqual({ text: 'Vendu en 1 jour', lang: 'fr' })
    expect(marqueeOf(tFor('fr'), p, 'fr')).toEqual({ text: 'Vendu en 1 jour' })
    expect(marqueeOf(tFor('en'), { Marquee: 9, MarqueeName: 'Vendu' }, 'en')).toEqual({ text: 'Vendu' }) // language unknown: no lang
    expect(marqueeOf(tFor('en'), { Marquee: 9, MarqueeName: ' ' }, 'en')).toBeNull()
  })

  it('hidden codes show nothing', () => {
    for (const code of HIDDEN_MARQUEES) expect(marqueeOf(tFor('en'), { Marquee: code, MarqueeName: 'Exclusivité', Language: 'fr' }, 'en')).toBeNull()
  })

  it('a card and a map marker say it in the page language', () => {
    for (const lang of LANGUAGES) {
      const out = renderToString(
        <LangProvider lang={lang}>
          <PropertyCard item={{ ...card, Marquee: 5, MarqueeName: 'Prix revu' }} lang={lang} level={3} />
        </LangProvider>,
      )
      expect(out).toContain(`<span class="badge">${WANT[lang][5]}</span>`)
      if (lang !== 'fr') expect(out).not.toContain('Prix revu')
    }
    const unknown = renderToString(
      <LangProvider lang="de">
        <PropertyCard item={{ ...card, Marquee: 9, MarqueeName: 'Coup de cœur' }} lang="de" level={3} />
      </LangProvider>,
    )
    const badge = dom(unknown).querySelector('.badge')
    expect(attrs(badge)).toEqual({ class: 'badge', lang: 'fr' })
    expect(badge?.textContent).toBe('Coup de cœur')

    const marker = { ID: 1, Goal: 0, lat: 49.68, lng: 5.83, Price: 1, PublishPrice: true, PriceUnit: 1, title: 'Villa – Arlon', City: 'Arlon', href: '/de/x/', Language: 'fr' }
    const msg = buildMapMessage([{ ...marker, Marquee: 2, MarqueeName: 'Option' }, { ...marker, Marquee: 9, MarqueeName: 'Coup de cœur' }, { ...marker, Marquee: 0 }], 'de', tFor('de'))
    expect(msg.properties.map((p) => [p.marquee, p.marqueeLang])).toEqual([
      ['Reserviert', undefined],
      ['Coup de cœur', 'fr'],
      [undefined, undefined],
    ])
  })
})
