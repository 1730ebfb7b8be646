import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { App } from '../../app/App'
import { allViews } from '../../app/pages'
import type { Page } from '../../lib/router'
import type { Shell } from '../../lib/site/types'

/** The page as the server renders it, in the document (so labels resolve) and queried by role. */
function serverRendered(page: Page) {
  const el = document.body.appendChild(document.createElement('div'))
  el.innerHTML = renderPage(page)
  return within(el)
}
afterEach(() => {
  document.body.innerHTML = ''
})

describe('Layout', () => {
  it('shows the language switcher with several languages: hreflang, lang, the same page', () => {
    const page = pagesIn('fr')[6] // Legal
    page.props.site = { ...(page.props.site as object), languages: [
      { label: 'Nederlands', href: '/nl/privacy/', lang: 'nl' },
      { label: 'Français', href: '/fr/vie-privee/', lang: 'fr', current: true },
    ] }
    const view = serverRendered(page)
    const links = within(view.getByRole('navigation', { name: 'Langue' })).getAllByRole('link')
    expect(links).toHaveLength(2)
    expect(links[0]).toHaveAttribute('href', '/nl/privacy/')
    expect(links[0]).toHaveAttribute('hreflang', 'nl')
    expect(links[0]).toHaveAttribute('lang', 'nl')
    expect(links[0].textContent).toBe('NLNederlands')
    expect(links[1]).toHaveAttribute('aria-current', 'true')
  })

  it('hides the language switcher with one language', () => {
    const view = serverRendered(pagesIn('fr', ['fr'])[0])
    expect(view.queryByRole('navigation', { name: 'Langue' })).toBeNull()
    expect(document.querySelector('[hreflang]')).toBeNull()
  })

  it('has the landmarks, a skip link and external links in a new tab', () => {
    const view = serverRendered(pagesIn('en')[6])
    expect(view.getByRole('banner')).toHaveClass('site-header')
    expect(view.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
    expect(view.getByRole('main')).toHaveAttribute('id', 'main')
    expect(view.getByRole('contentinfo')).toHaveClass('site-footer')
    expect(view.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main')
    const blog = view.getByRole('link', { name: 'Blog' })
    expect(blog).toHaveAttribute('href', 'https://blog.example.be/')
    expect(blog).toHaveAttribute('target', '_blank')
    expect(blog).toHaveAttribute('rel', 'noopener')
    const tel = within(view.getByRole('contentinfo')).getAllByRole('link').find((a) => a.getAttribute('href')?.startsWith('tel:'))!
    expect(tel).toHaveAttribute('href', 'tel:+3263224455')
    expect(tel).toHaveTextContent('063 22 44 55')
    expect(document.querySelector('a[href="/en/contact/"]')).not.toHaveAttribute('target')
    expect(view.getByRole('link', { name: 'Free valuation' })).toHaveClass('valuation')
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
    const view = serverRendered(page)
    const menu = within(view.getByRole('navigation', { name: 'Hauptmenü' }))
    expect(menu.getByRole('link', { name: 'Vendus' })).toHaveAttribute('lang', 'fr')
    expect(menu.getByRole('link', { name: 'Kontakt' })).not.toHaveAttribute('lang')
    expect(view.getByRole('link', { name: 'Suivez-nous sur Facebook' })).toHaveAttribute('lang', 'fr')
    expect(document.querySelector('.footer-title')).toHaveAttribute('lang', 'fr')
    expect(document.querySelector('.footer-text')).toHaveAttribute('lang', 'fr')
    expect(document.querySelector('.footer-intro')).not.toHaveAttribute('lang')
    expect(document.querySelector('.copyright')).toHaveAttribute('lang', 'fr')
    expect(within(view.getByRole('navigation', { name: 'Rechtliche Hinweise' })).getByRole('link', { name: 'Vie privée' })).toHaveAttribute('lang', 'fr')
    expect(view.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'fr')
    // Opening hours: day names and "closed" are interface text; the agency's note keeps its language.
    const days = [...document.querySelectorAll('.opening-hours div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent, d.querySelector('dd')!.getAttribute('lang')])
    expect(days).toEqual([
      ['Montag', '09:00–12:30, 13:30–18:00', null],
      ['Samstag', 'Sur rendez-vous', 'fr'],
      ['Sonntag', 'Geschlossen', null],
    ])
  })

  it('toggles the mobile drawer by its button and closes it with Escape', async () => {
    const user = userEvent.setup()
    render(<App initialPage={pagesIn('nl')[6]} router={null} views={allViews} />)
    const button = screen.getByRole('button', { name: 'Menu openen' })
    const drawer = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(drawer).not.toHaveAttribute('data-open')

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button).toHaveAccessibleName('Menu sluiten')
    expect(drawer).toHaveAttribute('data-open', 'true')
    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(drawer).not.toHaveAttribute('data-open')

    await user.click(button)
    await user.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveAccessibleName('Menu openen')
    expect(drawer).not.toHaveAttribute('data-open')
  })

  it("gives the header's measured height to the page's scroll padding, on the html element alone", async () => {
    // A custom property of :root would be inherited by every element: setting it restyled the whole page.
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('site-header') ? 81 : 0
    })
    // As a browser's: a first notification for every element observed, in a later frame (happy-dom's never
    // calls back). The header reads its height there, after the browser's own layout, not in its effect.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe() {
          setTimeout(() => this.callback([], this as unknown as ResizeObserver), 0)
        }
        disconnect() {}
        unobserve() {}
      },
    )
    try {
      const { unmount } = render(<App initialPage={pagesIn('fr')[6]} router={null} views={allViews} />)
      // Nothing read the layout in the render's own task (a forced layout of the whole page on a phone).
      expect(height).not.toHaveBeenCalled()
      const root = document.documentElement
      await waitFor(() => expect(root.style.scrollPaddingTop).toBe('calc(81px + 0.75rem)'))
      expect(root.getAttribute('style')).not.toContain('--')
      unmount()
      expect(root.style.scrollPaddingTop).toBe('')
    } finally {
      height.mockRestore()
      vi.unstubAllGlobals()
    }
  })
})
