import { describe, expect, it } from 'vitest'
import { EMPTY_FILTERS, encodeQuery, filterHref, isFiltered, listHref, normalizeFilters, orderValue, pageWindow } from './query'

const none = EMPTY_FILTERS

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

  it('keeps view=map, and drops any other view', () => {
    expect(listHref('/nl/te-koop/', { ...none, type: '2' }, { view: 'map' })).toBe('/nl/te-koop/?type=2&view=map')
    expect(listHref('/nl/te-koop/', { ...none, type: '2', view: 'map' }, { page: 2 })).toBe('/nl/te-koop/?page=2&type=2&view=map')
    expect(listHref('/nl/te-koop/', { ...none, view: 'map' }, { view: '' })).toBe('/nl/te-koop/')
    expect(listHref('/nl/te-koop/', none, { view: 'list' })).toBe('/nl/te-koop/')
  })

  it('windows page numbers', () => {
    expect(pageWindow(1, 4)).toEqual([1, 2, null, 4])
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
  })

  it('reads the order select value', () => {
    expect(orderValue({ sort: '', order: '' })).toBe('asc')
    expect(orderValue({ sort: 'price', order: 'desc' })).toBe('desc')
    expect(orderValue({ sort: 'price', order: '' })).toBe('asc')
    expect(orderValue({ sort: 'date', order: '' })).toBe('desc')
    expect(orderValue({ sort: 'date', order: 'sideways' })).toBe('desc')
  })
})

describe('filter form → address', () => {
  it('normalizes what a visitor typed', () => {
    expect(normalizeFilters({ city: ' Arlon|6700 ', priceMin: '250.000', priceMax: '€ 400 000', bedroomsMin: '2' })).toEqual({
      ...none, city: 'Arlon|6700', priceMin: '250000', priceMax: '400000', bedroomsMin: '2',
    })
    // The prices in order, zero and nonsense left out.
    expect(normalizeFilters({ priceMin: '500000', priceMax: '200000' })).toMatchObject({ priceMin: '200000', priceMax: '500000' })
    expect(normalizeFilters({ priceMin: '0', priceMax: 'lots', bedroomsMin: '-1', type: 'x' })).toEqual(none)
    // An order is kept only with a sort, and only when it is not the sort's own.
    expect(normalizeFilters({ sort: 'price', order: 'asc' })).toMatchObject({ sort: 'price', order: '' })
    expect(normalizeFilters({ sort: 'price', order: 'desc' })).toMatchObject({ sort: 'price', order: 'desc' })
    expect(normalizeFilters({ sort: 'date', order: 'desc' })).toMatchObject({ sort: 'date', order: '' })
    expect(normalizeFilters({ sort: 'date', order: 'asc' })).toMatchObject({ sort: 'date', order: 'asc' })
    expect(normalizeFilters({ sort: '', order: 'desc' })).toMatchObject({ sort: '', order: '' })
    expect(normalizeFilters({ sort: 'size', order: 'up' })).toMatchObject({ sort: '', order: '' })
  })

  it('leads back to page 1 of the same view', () => {
    const f = { ...none, city: 'Arlon|6700', type: '1' }
    expect(filterHref('/fr/a-vendre/', f, 'list')).toBe('/fr/a-vendre/?city=Arlon%7C6700&type=1')
    expect(filterHref('/fr/a-vendre/', { ...f, sort: 'price', order: 'asc' }, 'map')).toBe('/fr/a-vendre/?city=Arlon%7C6700&sort=price&type=1&view=map')
    expect(filterHref('/en/for-sale/', none, 'list')).toBe('/en/for-sale/')
  })

  it('tells whether a filter is set (the sort is not one)', () => {
    expect(isFiltered(none)).toBe(false)
    expect(isFiltered({ ...none, sort: 'price' })).toBe(false)
    expect(isFiltered({ ...none, bedroomsMin: '2' })).toBe(true)
  })
})
