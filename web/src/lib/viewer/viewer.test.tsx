import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { App } from '../../app/App'
import { allViews } from '../../app/pages'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { viewerRole } from '.'

afterEach(() => {
  document.cookie = 'immo_viewer=; max-age=0; path=/'
  document.body.innerHTML = ''
})

describe('the viewer', () => {
  it('reads the role of the immo_viewer cookie only', () => {
    expect(viewerRole('a=1; immo_viewer=owner; b=2')).toBe('owner')
    expect(viewerRole('immo_viewer=registrant')).toBe('registrant')
    expect(viewerRole('immo_viewer=admin')).toBe('')
    expect(viewerRole('ximmo_viewer=owner')).toBe('')
    expect(viewerRole('')).toBe('')
  })

  it('the server renders "Log in" for everyone; the browser says "My account" to a logged-in registrant, "My portal" to an owner', async () => {
    const page = pagesIn('en')[0]
    expect(renderPage(page)).toContain('Log in')
    for (const [role, text, href] of [
      ['registrant', 'My account', '/en/account/'],
      ['owner', 'My portal', '/en/owner/'],
    ] as const) {
      document.cookie = `immo_viewer=${role}; path=/`
      const { unmount } = render(<App initialPage={page} router={null} views={allViews} />)
      const links = await screen.findAllByRole('link', { name: text })
      expect(links[0]).toHaveAttribute('href', href)
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull()
      unmount()
    }
  })
})
