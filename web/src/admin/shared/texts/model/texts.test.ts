import { describe, expect, it } from 'vitest'
import { texts } from './texts'

describe('texts', () => {
  it('fills a text\'s variables and falls back to the key', () => {
    const t = texts({ texts: { 'a.b': '{{n}} refused' }, lang: 'en' })
    expect(t('a.b', { n: 3 })).toBe('3 refused')
    expect(t('a.missing')).toBe('a.missing')
  })

  it('puts a narrow no-break space before a French colon only', () => {
    expect(texts({ texts: {}, lang: 'fr' }).colon).toBe('\u202f: ')
    for (const lang of ['nl', 'en', 'de']) expect(texts({ texts: {}, lang }).colon).toBe(': ')
  })
})
