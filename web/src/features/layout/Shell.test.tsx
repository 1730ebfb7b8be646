import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../app/App'
import { allViews } from '../../app/pages'
import { setConsent, setConsentDialogOpen } from '../../lib/consent'
import type { Page } from '../../lib/router'
import type { Shell } from '../../lib/site/types'
import { pagesIn } from '../../test/fixtures'
import { BACK_TO_TOP_MS, scrollToTop } from './components/BackToTop'
import { POPUP_CLOSED_KEY } from './components/Popup'

const POPUP = { title: 'Gratis schatting', description: '<p>Vraag ze aan.</p>', link: '/nl/contact-demand/', delay: 3, media: { kind: 'picture' as const, url: '/pictures/demo/living-01.jpg', alt: 'Woonkamer' } }

function withPopup(url?: string, popup: Shell['popup'] = POPUP): Page {
  const page = pagesIn('nl')[0] // Home
  ;(page.props.site as Shell).popup = popup
  if (url) page.url = url
  return page
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.popup')!

describe('Popup', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    sessionStorage.clear()
    setConsent({ decided: true, accepted: ['necessary'] })
    setConsentDialogOpen(false)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opens as a modal after its delay, and once closed stays closed for the session', () => {
    const first = render(<App initialPage={withPopup()} router={null} views={allViews} />)
    act(() => vi.advanceTimersByTime(2_900))
    expect(dialog().open).toBe(false)
    act(() => vi.advanceTimersByTime(200))
    expect(dialog().open).toBe(true)
    expect(screen.getByRole('dialog', { name: 'Gratis schatting' })).toBeInTheDocument()
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sluiten' })))
    expect(dialog().open).toBe(false)
    expect(sessionStorage.getItem(POPUP_CLOSED_KEY)).toBe('1')
    first.unmount()

    render(<App initialPage={withPopup()} router={null} views={allViews} />)
    act(() => vi.advanceTimersByTime(10_000))
    expect(dialog().open).toBe(false)
  })

  it('with no delay opens at once, but only once the cookie choice is made', () => {
    setConsent({ decided: false, accepted: ['necessary'] })
    render(<App initialPage={withPopup(undefined, { ...POPUP, delay: 0 })} router={null} views={allViews} />)
    act(() => vi.advanceTimersByTime(30_000))
    expect(dialog().open).toBe(false)
    act(() => setConsent({ decided: true, accepted: ['necessary'] }))
    act(() => vi.advanceTimersByTime(0))
    expect(dialog().open).toBe(true)
  })

  it('waits while the cookie dialog or its settings are open, and steps aside when they open', () => {
    setConsentDialogOpen(true)
    render(<App initialPage={withPopup(undefined, { ...POPUP, delay: 0 })} router={null} views={allViews} />)
    act(() => vi.advanceTimersByTime(10_000))
    expect(dialog().open).toBe(false)
    act(() => setConsentDialogOpen(false))
    expect(dialog().open).toBe(true)
    act(() => setConsentDialogOpen(true))
    expect(dialog().open).toBe(false)
    expect(sessionStorage.getItem(POPUP_CLOSED_KEY)).toBeNull() // not the visitor's choice
    act(() => setConsentDialogOpen(false))
    expect(dialog().open).toBe(true)
  })

  it.each([
    ['modal-clicked in the address', '/nl/?modal-clicked'],
    ['its link target in the address', '/nl/contact-demand/'],
  ])('never opens with %s, and remembers it for the session', (_, url) => {
    // The browser's address: the page object's is the canonical one, without ?modal-clicked.
    window.history.replaceState(null, '', url)
    try {
      render(<App initialPage={withPopup(url.split('?')[0])} router={null} views={allViews} />)
      act(() => vi.advanceTimersByTime(10_000))
      expect(dialog().open).toBe(false)
      expect(sessionStorage.getItem(POPUP_CLOSED_KEY)).toBe('1')
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })

  it('never opens on a preview address', () => {
    render(<App initialPage={withPopup('/nl/preview/')} router={null} views={allViews} />)
    act(() => vi.advanceTimersByTime(10_000))
    expect(dialog().open).toBe(false)
    expect(sessionStorage.getItem(POPUP_CLOSED_KEY)).toBeNull()
  })

  it('keeps a third-party video behind the consent gate until social media is accepted', () => {
    render(<App initialPage={withPopup(undefined, { ...POPUP, media: { kind: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } })} router={null} views={allViews} />)
    expect(document.querySelector('dialog iframe')).toBeNull()
    expect(document.querySelector('dialog [data-consent-gate="social"]')?.textContent).toContain('YouTube')
    act(() => setConsent({ decided: true, accepted: ['necessary', 'social'] }))
    expect(document.querySelector('dialog iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
  })

  it('links a video without a player (TV Lux) to its own site', () => {
    render(<App initialPage={withPopup(undefined, { ...POPUP, media: { kind: 'video', url: 'https://www.tvl.be/video/123' } })} router={null} views={allViews} />)
    expect(document.querySelector('dialog iframe')).toBeNull()
    expect(screen.getByRole('link', { name: 'Video bekijken', hidden: true })).toHaveAttribute('href', 'https://www.tvl.be/video/123')
  })

})

describe('back to top', () => {
  let y = 0
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] })
    y = 0
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y)
    vi.spyOn(window, 'scrollTo').mockImplementation(((a: number | ScrollToOptions, b?: number) => {
      y = typeof a === 'number' ? (b ?? 0) : (a.top ?? 0)
    }) as typeof window.scrollTo)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  const scroll = (to: number) => {
    y = to
    fireEvent.scroll(window)
  }

  it('appears 100 ms after the page has scrolled 10 px (debounced), not at 9', () => {
    render(<App initialPage={pagesIn('en')[1]} router={null} views={allViews} />)
    const button = () => screen.queryByRole('button', { name: 'Back to top' })
    scroll(9)
    act(() => vi.advanceTimersByTime(150))
    expect(button()).toBeNull()
    scroll(10)
    act(() => vi.advanceTimersByTime(50))
    scroll(400) // a new event restarts the wait
    act(() => vi.advanceTimersByTime(90))
    expect(button()).toBeNull()
    act(() => vi.advanceTimersByTime(20))
    expect(button()).not.toBeNull()
  })

  it('scrolls to the top in 500 ms', () => {
    y = 1000
    const done = vi.fn()
    scrollToTop(done)
    act(() => vi.advanceTimersByTime(BACK_TO_TOP_MS / 2))
    expect(y).toBeGreaterThan(0)
    expect(y).toBeLessThan(1000)
    expect(done).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(BACK_TO_TOP_MS / 2 + 40))
    expect(y).toBe(0)
    expect(done).toHaveBeenCalledOnce()
  })

  it('jumps at once under prefers-reduced-motion', () => {
    y = 1000
    vi.spyOn(window, 'matchMedia').mockImplementation((q: string) => ({ matches: q.includes('reduced-motion'), media: q, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList)
    const done = vi.fn()
    scrollToTop(done)
    expect(y).toBe(0)
    expect(done).toHaveBeenCalledOnce()
  })
})

describe('drawer', () => {
  it('takes the focus, keeps Tab inside, closes on Escape and on its backdrop, and gives the focus back', async () => {
    sessionStorage.setItem(POPUP_CLOSED_KEY, '1')
    const user = userEvent.setup()
    render(<App initialPage={pagesIn('nl')[6]} router={null} views={allViews} />)
    const button = screen.getByRole('button', { name: 'Menu openen' })
    const drawer = document.getElementById(button.getAttribute('aria-controls')!)!
    await user.click(button)
    expect(drawer.contains(document.activeElement)).toBe(true)
    const stops = drawer.querySelectorAll('a[href], button').length + 1
    for (let i = 0; i < stops + 2; i++) {
      await user.tab()
      expect(drawer.contains(document.activeElement) || document.activeElement === button).toBe(true)
    }
    await user.tab({ shift: true })
    expect(drawer.contains(document.activeElement) || document.activeElement === button).toBe(true)
    await user.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(document.activeElement).toBe(button)

    await user.click(button)
    await user.click(screen.getByTestId('drawer-backdrop'))
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(document.activeElement).toBe(button)
  })

  it('opens a sub menu with its button (touch, keyboard) and says so', async () => {
    const user = userEvent.setup()
    render(<App initialPage={pagesIn('en')[6]} router={null} views={allViews} />)
    const toggle = screen.getByRole('button', { name: 'Submenu Contact' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle.closest('li')).toHaveAttribute('data-open', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})
