import { describe, expect, it } from 'vitest'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'

describe('the layout breadcrumb', () => {
  const html = (crumbs: { label: string; href?: string; lang?: string }[] | undefined) => {
    const list = pagesIn('nl').find((p) => p.component === 'PropertyList')!
    const props = { ...list.props, head: { ...(list.props.head as object), breadcrumb: crumbs } }
    const doc = new DOMParser().parseFromString(renderPage({ ...list, props }), 'text/html')
    return doc.querySelector('nav.breadcrumb')
  }

  it('links every step but the page itself, which is marked current, in its own language', () => {
    const nav = html([
      { label: 'Home', href: '/nl/' },
      { label: 'Contact', href: '/nl/contact/' },
      { label: 'Équipe', href: '/nl/contact/team/', lang: 'fr' },
    ])!
    expect(nav.getAttribute('aria-label')).toBe('Kruimelpad')
    const items = [...nav.querySelectorAll('li')]
    expect(items.map((li) => li.textContent)).toEqual(['Home', 'Contact', 'Équipe'])
    expect(items.map((li) => li.querySelector('a')?.getAttribute('href') ?? null)).toEqual(['/nl/', '/nl/contact/', null])
    expect(items[2].getAttribute('aria-current')).toBe('page')
    expect(items[2].getAttribute('lang')).toBe('fr')
  })

  it('is absent without a trail (the home page)', () => {
    expect(html(undefined)).toBeNull()
    expect(html([{ label: 'Home', href: '/nl/' }])).toBeNull()
  })
})
