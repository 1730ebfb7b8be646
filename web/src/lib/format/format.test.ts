// Parity with Go: vectors.json holds inputs and the outputs of the Go rules
// (internal/domain/rules), written by a throwaway Go program. The TypeScript
// formatters must give the same text, so a page reads the same whether Go
// or React formatted it.
import { describe, expect, it } from 'vitest'
import { opensNewTab } from '../links'
import { formatAmount, formatListingPrice, formatDate, formatDistance, formatNumber, formatPhone, formatPrice, formatSurface, telHref, truncate } from '.'
import vectors from './vectors.json'
import type { Lang } from '../i18n'

describe('Go parity (vectors.json)', () => {
  it('formatAmount', () => {
    for (const v of vectors.formatAmount) expect(formatAmount(Number(v.in)), v.in).toBe(v.out)
  })
  it('formatPrice', () => {
    for (const v of vectors.formatPrice)
      expect(formatPrice(Number(v.price), v.publishPrice, v.priceUnit, v.lang as Lang), JSON.stringify(v)).toBe(v.out)
  })
  it('formatPhone', () => {
    for (const v of vectors.formatPhone) expect(formatPhone(v.in), JSON.stringify(v.in)).toBe(v.out)
  })
  it('truncate', () => {
    for (const v of vectors.truncate) expect(truncate(v.in, v.limit), `${JSON.stringify(v.in)} ${v.limit}`).toBe(v.out)
  })
  it('opensNewTab', () => {
    for (const v of vectors.opensNewTab) expect(opensNewTab(v.in), JSON.stringify(v.in)).toBe(v.out)
  })
  it('has vectors', () => {
    expect(vectors.formatAmount.length).toBeGreaterThan(20)
    expect(vectors.truncate.length).toBeGreaterThan(10)
  })
})

describe('other formatters', () => {
  it('formats the main examples', () => {
    expect(formatAmount(250000)).toBe('€ 250.000')
    expect(formatAmount(1234.5)).toBe('€ 1.234,50')
    expect(formatAmount(NaN)).toBe('NaN')
    expect(formatPrice(350000, true, 7, 'fr')).toBe('À partir de € 350.000')
    expect(formatPrice(1, false, 1, 'de')).toBe('Preis auf Anfrage')
    expect(formatPhone('0472123456')).toBe('0472 12 34 56')
    expect(formatPhone('063224455')).toBe('063 22 44 55')
  })
  it('surfaces, numbers, distances, dates', () => {
    expect(formatSurface(120)).toBe('120 m²')
    expect(formatSurface(1134)).toBe('1.134 m²')
    expect(formatSurface(8.46)).toBe('8,5 m²')
    expect(formatNumber(-0.001)).toBe('0')
    expect(formatNumber(1234567.891)).toBe('1.234.567,89')
    expect(formatDistance(460)).toBe('460 m')
    expect(formatDistance(4200)).toBe('4,2 km')
    expect(formatDate('2031-04-17')).toBe('17/04/2031')
    for (const lang of ['nl', 'fr', 'en']) expect(formatDate('2031-04-17', lang)).toBe('17/04/2031')
    expect(formatDate('2031-04-17', 'de')).toBe('17.04.2031')
    expect(formatDate('soon')).toBe('soon')
  })
  it('tel: addresses', () => {
    expect(telHref('063 22 44 55')).toBe('tel:+3263224455')
    expect(telHref('0472/12.34.56')).toBe('tel:+32472123456')
    expect(telHref('+352 26 12 34')).toBe('tel:+352261234')
    expect(telHref('0032 63 22 44 55')).toBe('tel:+3263224455')
    expect(telHref('112')).toBe('tel:112')
  })
})

describe('formatListingPrice', () => {
  it('adds "per month" to a published rent only', () => {
    const rent = { Price: 850, PublishPrice: true, PriceUnit: 1, Goal: 1 }
    expect(formatListingPrice(rent, 'fr')).toBe('€ 850 / mois')
    expect(formatListingPrice(rent, 'de')).toBe('€ 850 / Monat')
    expect(formatListingPrice({ ...rent, Goal: 0, Price: 250000 }, 'nl')).toBe('€ 250.000')
    expect(formatListingPrice({ ...rent, PublishPrice: false }, 'en')).toBe('Price on request')
    expect(formatListingPrice({ ...rent, Price: NaN }, 'en')).toBe('NaN')
  })
})
