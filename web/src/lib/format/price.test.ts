import { describe, expect, it } from 'vitest'
import { formatNumber, formatPrice } from './price'

describe('formatPrice', () => {
  it('formats per language without Intl', () => {
    expect(formatPrice(350000, 'nl')).toBe('€ 350.000')
    expect(formatPrice(350000, 'fr')).toBe('350\u202f000\u00a0€')
    expect(formatPrice(1250000, 'en')).toBe('€1,250,000')
    expect(formatPrice(999, 'de')).toBe('999\u00a0€')
    expect(formatPrice(1234.6, 'nl')).toBe('€ 1.235')
  })
  it('formats numbers with decimals and signs', () => {
    expect(formatNumber(-1234567.891, 'nl', 2)).toBe('-1.234.567,89')
    expect(formatNumber(0, 'en')).toBe('0')
  })
})
