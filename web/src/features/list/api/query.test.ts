import { describe, expect, it } from 'vitest'
import { encodeQuery, listHref, pageWindow, sortValue } from './query'

const none = { city: '', type: '', priceMin: '', priceMax: '', bedroomsMin: '', sort: '', order: '' }

describe('list query', () => {
  it('builds hrefs that keep the filters, sorted like url.Values.Encode', () => {
    expect(listHref('/fr/a-vendre/', none)).toBe('/fr/a-vendre/')
    expect(listHref('/fr/a-vendre/', none, { page: 1 })).toBe('/fr/a-vendre/')
    expect(listHref('/fr/a-vendre/', { ...none, city: 'Arlon|6700', type: '1' }, { page: 3 })).toBe('/fr/a-vendre/?city=Arlon%7C6700&page=3&type=1')
    expect(listHref('/fr/a-vendre/', { ...none, city: 'Saint Léger' }, { sort: 'price', order: 'asc' })).toBe(
      '/fr/a-vendre/?city=Saint+L%C3%A9ger&order=asc&sort=price',
    )
    expect(encodeQuery({ q: "it's (ok)!*" })).toBe('q=it%27s+%28ok%29%21%2A')
  })
  it('windows page numbers', () => {
    expect(pageWindow(1, 4)).toEqual([1, 2, null, 4])
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
  })
  it('reads the sort select value', () => {
    expect(sortValue({ sort: '', order: '' })).toBe('')
    expect(sortValue({ sort: 'price', order: 'desc' })).toBe('price:desc')
    expect(sortValue({ sort: 'price', order: '' })).toBe('price:asc')
    expect(sortValue({ sort: 'date', order: '' })).toBe('date:desc')
    expect(sortValue({ sort: 'date', order: 'asc' })).toBe('')
  })
})
