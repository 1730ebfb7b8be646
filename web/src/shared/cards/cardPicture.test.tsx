import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LangProvider } from '../../lib/i18n'
import { srcSet, USES } from '../../lib/images'
import { cardZero } from '../../test/fixtures'
import { CardGrid } from './components/CardGrid'
import type { Card } from './model/types'

const card = (id: number, name: string): Card => ({
  ...cardZero, ID: id, Goal: 0, TypeDescription: 'Villa', Price: 345000, PublishPrice: true, PriceUnit: 1, Marquee: 0, Zip: '6700', City: 'Arlon',
  SmallPictureItem: { Url: `/pictures/demo/${name}.jpg`, Width: 400, Height: 267 }, Status: 'available', href: `/nl/te-koop/arlon/villa/${id}/`,
})

const items = [card(1, 'house-01'), card(2, 'house-02'), card(3, 'house-03'), card(4, 'house-04'), card(5, 'house-05')]

function imgs(html: string): Record<string, string>[] {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return [...doc.querySelectorAll('img')].map((i) => Object.fromEntries([...i.attributes].map((a) => [a.name, a.value])))
}

const grid = (priority: boolean) =>
  imgs(renderToString(<LangProvider lang="nl"><CardGrid items={items} lang="nl" level={2} perRow={4} eager={4} priority={priority} /></LangProvider>))

describe('card pictures', () => {
  it("a list's first card is its LCP picture: high priority, not lazy, with the srcset Go's head preloads (internal/http/web/preload.go)", () => {
    const [first, second, , , fifth] = grid(true)
    expect(first.fetchpriority).toBe('high')
    expect(first.loading).toBeUndefined()
    expect(first.srcset).toBe(srcSet('/pictures/demo/house-01.jpg', [400, 600]))
    expect(first.sizes).toBe('(min-width: 1280px) 280px, (min-width: 767px) 45vw, 100vw')
    expect(first.sizes).toBe(USES.card.sizes)
    expect(second.fetchpriority).toBeUndefined() // the rest of the first row: at once, not first
    expect(second.loading).toBeUndefined()
    expect(fifth.loading).toBe('lazy') // below the first row
  })

  it('without priority no card asks to be fetched first', () => {
    expect(grid(false).filter((i) => i.fetchpriority)).toEqual([])
  })
})
