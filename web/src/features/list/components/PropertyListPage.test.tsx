import { describe, expect, it } from 'vitest'
import { pagesIn } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'

describe('the property list', () => {
  it("fetches its first card's picture at once and first, the others when near the screen", () => {
    // A phone shows one card: the rest of a desktop's first row fetched with the page held a phone's
    // first paint back (Lighthouse's LCP 1.35 s with four eager pictures, ~1.05 s with one; issue #34).
    const list = pagesIn('fr').find((p) => p.component === 'PropertyList' && (p.props.items as unknown[]).length > 0)!
    const doc = new DOMParser().parseFromString(renderPage(list), 'text/html')
    const imgs = [...doc.querySelectorAll('.card-grid img')]
    expect(imgs.length).toBeGreaterThan(4)
    expect(imgs[0].getAttribute('fetchpriority')).toBe('high')
    expect(imgs[0].hasAttribute('loading')).toBe(false)
    for (const img of imgs.slice(1)) expect(img.getAttribute('loading')).toBe('lazy')
  })
})
