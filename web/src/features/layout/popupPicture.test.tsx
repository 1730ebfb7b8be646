import { render } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../app/App'
import { allViews } from '../../app/pages'
import { setConsent, setConsentDialogOpen } from '../../lib/consent'
import type { Shell } from '../../lib/site/types'
import { pagesIn } from '../../test/fixtures'

describe('popup picture', () => {
  beforeEach(() => {
    sessionStorage.clear()
    setConsent({ decided: true, accepted: ['necessary'] })
    setConsentDialogOpen(false)
  })

  it('waits in the closed dialog without being fetched (lazy), and is never wider than 600 px', () => {
    const page = pagesIn('nl')[0]
    ;(page.props.site as Shell).popup = { title: 'Gratis schatting', description: '', link: '/nl/contact-demand/', delay: 3, media: { kind: 'picture', url: '/pictures/demo/living-01.jpg', alt: 'Woonkamer' } }
    render(<App initialPage={page} router={null} views={allViews} />)
    const img = document.querySelector<HTMLImageElement>('dialog.popup img.popup-media')!
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('srcset')).toBe('/pictures/demo/living-01.jpg?width=400&height=auto&format=webp 400w, /pictures/demo/living-01.jpg?width=600&height=auto&format=webp 600w')
    expect(img.getAttribute('srcset')).not.toContain('1360')
  })
})
