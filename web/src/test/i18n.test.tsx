// Every view, in every language: no raw translation key in the HTML, the
// language's own words present, and every key in every language.
import { describe, expect, it } from 'vitest'
import locales from 'virtual:immo-locales'
import { LANGUAGES, namespaces, translate } from '../lib/i18n'
import { pagesIn } from './fixtures'
import { renderPage } from './render'

const rawKey = new RegExp(`(?<![\\w/.@-])(${namespaces().join('|')})\\.[a-z][A-Za-z]*(\\.[A-Za-z]+)*(?![\\w/.-])`, 'g')

function flatten(tree: Record<string, unknown>, prefix: string, out: Map<string, string>) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}.${k}`, v)
    else flatten(v as Record<string, unknown>, `${prefix}.${k}`, out)
  }
  return out
}

describe('translations', () => {
  it('has every key, non-empty, in every language', () => {
    const byLang = LANGUAGES.map((l) => {
      const out = new Map<string, string>()
      for (const [ns, tree] of Object.entries(locales[l])) flatten(tree, ns, out)
      return out
    })
    const all = new Set(byLang.flatMap((m) => [...m.keys()]))
    for (const [i, m] of byLang.entries()) for (const k of all) expect(m.get(k)?.trim(), `${LANGUAGES[i]} ${k}`).toBeTruthy()
  })

  it('interpolates like Go and falls back to the key', () => {
    expect(translate('fr', 'list.pageOf', { page: 1, pages: 4 })).toBe('Page 1 sur 4')
    expect(translate('de', 'list.countOther', { total: 43 })).toBe('43 Immobilien')
    expect(translate('nl', 'no.such.key')).toBe('no.such.key')
  })

  for (const lang of LANGUAGES) {
    it(`renders every view in ${lang} without a raw key`, () => {
      for (const page of pagesIn(lang)) {
        const html = renderPage(page)
        expect(html.match(rawKey), `${page.component} ${page.url}`).toBeNull()
        expect(html, page.component).toContain(translate(lang, 'layout.skipToContent'))
      }
    })
  }

  it('says the list summary in each language', () => {
    const expected = { nl: 'Pagina 2 van 4 – 43 panden', fr: 'Page 2 sur 4 – 43 biens', en: 'Page 2 of 4 – 43 properties', de: 'Seite 2 von 4 – 43 Immobilien' }
    for (const lang of LANGUAGES) expect(renderPage(pagesIn(lang)[1])).toContain(expected[lang])
  })

  it('the detector finds raw keys', () => {
    expect(namespaces()).toContain('property')
    expect('<p>list.pageOf</p>'.match(rawKey)).toEqual(['list.pageOf'])
    expect('<a href="/fr/a-vendre/">property.field.bedrooms</a>'.match(rawKey)).toEqual(['property.field.bedrooms'])
    expect('info@immo-arlon.be /pictures/demo/house.jpg'.match(rawKey)).toBeNull()
  })
})

describe('French elision', () => {
  it("writes d' before an inserted name starting with a vowel, de before others", () => {
    expect(translate('fr', 'testimonial.visitWebsite', { name: 'Anne L.' })).toBe("Site web d'Anne L.")
    expect(translate('fr', 'testimonial.visitWebsite', { name: 'Bernard D.' })).toBe('Site web de Bernard D.')
    expect(translate('en', 'testimonial.visitWebsite', { name: 'Anne L.' })).not.toContain("d'")
  })
})
