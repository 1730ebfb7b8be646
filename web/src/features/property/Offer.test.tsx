import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../lib/i18n'
import type { Page } from '../../lib/router'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { documentChoices, offerKind, typedAmount } from './model/offer'

const SALE_TERMS = { advance: 31500, deposit: 0, minIncome: 0, maxPersons: 0 }
const RENT_TERMS = { advance: 0, deposit: 2100, minIncome: 2000, maxPersons: 5 }

/** The fixture's property page, for sale (Goal 0) or for rent, with its terms and what else is given. */
function propertyPage(lang: Lang, goal: number, extra: Record<string, unknown> = {}): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Property')!
  const props = p.props as { property: Record<string, unknown> }
  return {
    ...p,
    props: {
      ...p.props,
      notice: undefined,
      property: { ...props.property, Goal: goal, Status: 'available' },
      offer: goal === 0 ? SALE_TERMS : RENT_TERMS,
      ...extra,
    },
  }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the offer forms on the property page', () => {
  it.each(['fr', 'de'] as const)('%s, for sale: a document request under the documents and a purchase offer with its advance', (lang) => {
    const el = dom(propertyPage(lang, 0))
    // Closed, the forms are not rendered: a link to the page with each open stands for them.
    for (const [id, kind] of [['document-request', 'document-request'], ['purchase-offer', 'purchase-offer']]) {
      const closed = el.querySelector(`details#${id}`)!
      expect(closed.hasAttribute('open')).toBe(false)
      expect(closed.querySelector('form'), id).toBeNull()
      expect(closed.querySelector('.disclosure-open a')!.getAttribute('href')).toBe(`?open=${kind}#${id}`)
    }
    // Without JavaScript the server opens the form with the document chosen (?document=).
    expect(el.querySelector('.documents a.document-request')!.getAttribute('href')).toBe('?document=1#document-request')
    const opened = (kind: string) => dom(propertyPage(lang, 0, { form: { name: kind, values: {} } }))
    const doc = opened('document-request').querySelector('section:has(#documents-title) details#document-request')!
    expect(doc.hasAttribute('open')).toBe(true)
    const select = doc.querySelector('select[name="document"]')!
    expect([...select.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['', '1'])
    expect(doc.querySelector('input[name="form"]')!.getAttribute('value')).toBe('document-request')

    const offer = opened('purchase-offer').querySelector('details#purchase-offer')!
    expect(offer.querySelector('.offer-notice')!.textContent).toBe(translate(lang, 'offer.purchase.advanceAmount', { amount: '€ 31.500' }))
    for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'street', 'zip', 'city', 'amount', 'conditions', 'validUntil', 'remark']) {
      expect(offer.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    expect(offer.querySelector('input[name="amount"]')!.getAttribute('inputmode')).toBe('numeric')
    expect(offer.querySelector('input[name="validUntil"]')!.getAttribute('type')).toBe('date')
    expect(el.querySelector('details#rent-application')).toBeNull()
  })

  it('for rent: the rent application with the deposit, the bounds and a CV, posted multipart', () => {
    const el = dom(propertyPage('nl', 1, { form: { name: 'rent-application', values: {} } }))
    expect(el.querySelector('details#purchase-offer')).toBeNull()
    const rent = el.querySelector('details#rent-application')!
    const notes = [...rent.querySelectorAll('.offer-notice li')].map((li) => li.textContent)
    expect(notes).toEqual([
      translate('nl', 'offer.rent.depositAmount', { amount: '€ 2.100' }),
      translate('nl', 'offer.rent.minIncome', { amount: '€ 2.000' }),
      translate('nl', 'offer.rent.maxPersons', { max: 5 }),
    ])
    expect(rent.querySelector('form')!.getAttribute('enctype')).toBe('multipart/form-data')
    for (const name of ['adults', 'kids', 'pets', 'movingDate', 'movingReason', 'income1', 'income2', 'cv']) {
      expect(rent.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
  })

  it('sold: neither form, and the documents keep their mail link', () => {
    const p = propertyPage('fr', 0, { offer: undefined })
    const el = dom({ ...p, props: { ...p.props, property: { ...(p.props as { property: object }).property, Status: 'sold' } } })
    expect(el.querySelector('details#purchase-offer')).toBeNull()
    expect(el.querySelector('details#document-request')).toBeNull()
    expect(el.querySelector('.documents a.document-request')?.getAttribute('href')).toMatch(/^mailto:/)
  })

})

describe('offer model', () => {
  it('typedAmount reads whole euros only', () => {
    expect(typedAmount(' 305000 ')).toBe(305000)
    expect(typedAmount('305.000')).toBe(305000) // as the site writes a price, and the server reads it
    for (const s of ['', '3e5', '-1', '305.5', '1234567890']) expect(typedAmount(s), s).toBeNull()
  })
  it('offerKind follows the goal, and nothing without terms or once closed', () => {
    expect(offerKind({ Goal: 0, Status: 'available' }, SALE_TERMS)).toBe('purchase-offer')
    expect(offerKind({ Goal: 1, Status: 'available' }, RENT_TERMS)).toBe('rent-application')
    expect(offerKind({ Goal: 1, Status: 'rented' }, RENT_TERMS)).toBeNull()
    expect(offerKind({ Goal: 0, Status: 'available' }, undefined)).toBeNull()
  })
  it('documentChoices names documents in the language, marking a fallback, leaving the unnamed out', () => {
    const docs = { Documents: [{ ID: 1, Name: { fr: 'Plans', de: '' } }, { ID: 2, Name: { fr: ' ' } }, { ID: 3, Name: { de: 'Grundriss' } }] }
    expect(documentChoices(docs, 'de')).toEqual([
      { id: 1, name: 'Plans', lang: 'fr' },
      { id: 3, name: 'Grundriss', lang: undefined },
    ])
  })
})
