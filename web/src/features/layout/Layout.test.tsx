import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { App } from '../../app/App'
import { allViews } from '../../app/pages'
import type { Shell } from '../../lib/site/types'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function dom(html: string) {
  const div = document.createElement('div')
  div.innerHTML = html
  return div
}

describe('Layout', () => {
  it('shows the language switcher with several languages: hreflang, lang, the same page', () => {
    const page = pagesIn('fr')[6] // Legal
    page.props.site = { ...(page.props.site as object), languages: [
      { label: 'Nederlands', href: '/nl/privacy/', lang: 'nl' },
      { label: 'Français', href: '/fr/vie-privee/', lang: 'fr', current: true },
    ] }
    const el = dom(renderPage(page))
    const links = el.querySelectorAll<HTMLAnchorElement>('nav.lang-switch a')
    expect(links).toHaveLength(2)
    expect(links[0].getAttribute('href')).toBe('/nl/privacy/')
    expect(links[0].getAttribute('hreflang')).toBe('nl')
    expect(links[0].getAttribute('lang')).toBe('nl')
    expect(links[0].textContent).toBe('NLNederlands')
    expect(links[1].getAttribute('aria-current')).toBe('true')
  })

  it('hides the language switcher with one language', () => {
    const el = dom(renderPage(pagesIn('fr', ['fr'])[0]))
    expect(el.querySelector('.lang-switch')).toBeNull()
    expect(el.querySelector('[hreflang]')).toBeNull()
  })

  it('has the landmarks, a skip link and external links in a new tab', () => {
    const el = dom(renderPage(pagesIn('en')[6]))
    expect(el.querySelector('header.site-header')).not.toBeNull()
    expect(el.querySelector('nav[aria-label="Main menu"]')).not.toBeNull()
    expect(el.querySelector('main#main')).not.toBeNull()
    expect(el.querySelector('footer.site-footer')).not.toBeNull()
    expect(el.querySelector('a.skip-link')!.getAttribute('href')).toBe('#main')
    const blog = el.querySelector('a[href="https://blog.example.be/"]')!
    expect(blog.getAttribute('target')).toBe('_blank')
    expect(blog.getAttribute('rel')).toBe('noopener')
    const tel = el.querySelector('.footer-contact a[href^="tel:"]')!
    expect(tel.getAttribute('href')).toBe('tel:+3263224455')
    expect(tel.textContent).toContain('063 22 44 55')
    expect(el.querySelector('a[href="/en/contact/"]')!.hasAttribute('target')).toBe(false)
    expect(el.querySelector('a.valuation')!.textContent).toBe('Free valuation')
  })

  it('marks content that fell back to another language, and keeps interface text in the page language', () => {
    const page = pagesIn('de')[5] // the contact page
    const site = page.props.site as Shell
    site.menu = [{ label: 'Vendus', href: '/de/verkauft-vermietet/', lang: 'fr' }, { label: 'Kontakt', href: '/de/kontakt/' }]
    site.topBar.right = [{ label: 'Suivez-nous sur Facebook', href: 'https://www.facebook.com/immoarlon', external: true, lang: 'fr' }]
    site.footer = {
      columns: [{ title: 'Liens utiles', titleLang: 'fr', text: '<ul><li><a href="/de/zu-verkaufen/">Biens à vendre</a></li></ul>', textLang: 'fr', intro: '<p>Seit 2009.</p>', col: { sm: 12, md: 4, lg: 4 } }],
      copyright: '© 2026 Immo Arlon – Tous droits réservés', copyrightLang: 'fr',
      legal: [{ label: 'Vie privée', href: '/de/datenschutz/', lang: 'fr' }],
    }
    page.props.titleLang = 'fr'
    const el = dom(renderPage(page))
    expect(el.querySelector('.main-nav a[href="/de/verkauft-vermietet/"]')!.getAttribute('lang')).toBe('fr')
    expect(el.querySelector('.main-nav a[href="/de/kontakt/"]')!.hasAttribute('lang')).toBe(false)
    expect(el.querySelector('.topbar a[href^="https://www.facebook"]')!.getAttribute('lang')).toBe('fr')
    expect(el.querySelector('.footer-title')!.getAttribute('lang')).toBe('fr')
    expect(el.querySelector('.footer-text')!.getAttribute('lang')).toBe('fr')
    expect(el.querySelector('.footer-intro')!.hasAttribute('lang')).toBe(false)
    expect(el.querySelector('.copyright')!.getAttribute('lang')).toBe('fr')
    expect(el.querySelector('.footer-legal a')!.getAttribute('lang')).toBe('fr')
    expect(el.querySelector('h1')!.getAttribute('lang')).toBe('fr')
    // Opening hours: day names and "closed" are interface text; the agency's note keeps its language.
    const days = [...el.querySelectorAll('.opening-hours div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent, d.querySelector('dd')!.getAttribute('lang')])
    expect(days).toEqual([
      ['Montag', '09:00–12:30, 13:30–18:00', null],
      ['Samstag', 'Sur rendez-vous', 'fr'],
      ['Sonntag', 'Geschlossen', null],
    ])
  })

  it('toggles the mobile drawer', async () => {
    const page = pagesIn('nl')[6]
    const container = document.createElement('div')
    document.body.appendChild(container)
    await act(async () => {
      createRoot(container).render(<App initialPage={page} router={null} views={allViews} />)
    })
    const button = container.querySelector<HTMLButtonElement>('button.drawer-toggle')!
    const drawer = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(drawer.hasAttribute('data-open')).toBe(false)
    expect(button.textContent).toBe('Menu openen')
    await act(async () => button.click())
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(drawer.getAttribute('data-open')).toBe('true')
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))
    expect(button.getAttribute('aria-expanded')).toBe('false')
    container.remove()
  })
})
