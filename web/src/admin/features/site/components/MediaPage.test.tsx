import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MediaProps } from '../../../../gen/admin'
import { MediaPage } from './MediaPage'

const props = (more: Partial<MediaProps> = {}): MediaProps => ({
  lang: 'fr', texts: {}, viewer: null, nav: null, action: '/admin/site/pictures/', accept: ['.jpg', 'image/jpeg'], maxSize: 5 << 20,
  langs: ['nl', 'fr', 'en', 'de'], added: 0,
  items: [
    { id: 2, url: '/pictures/media/2/logo.png', name: 'logo.png', width: 40, height: 20, size: 900, alt: {}, by: 'boss@agency.test',
      at: '2026-11-29T12:00:00Z', uses: [] },
    { id: 1, url: '/pictures/media/1/spring.jpg', name: 'spring.jpg', width: 2560, height: 1440, size: 300_000, alt: { fr: 'Printemps' },
      by: 'boss@agency.test', at: '2026-11-29T11:00:00Z', uses: [{ draft: 3, href: '/admin/site/drafts/3/', path: 'banner.image.url' }, { draft: 0, href: '', path: 'siteInfo.settings.image' }] },
  ],
  ...more,
})

describe('the picture library', () => {
  it('adds a picture with a multipart form', () => {
    render(<MediaPage {...props()} />)
    const file = document.getElementById('media-file') as HTMLInputElement
    expect(file.accept).toBe('.jpg,image/jpeg')
    const form = file.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect(form.querySelector('input[name="alt.de"]')).toBeTruthy()
  })

  it('shows a photo small and a PNG as it is, with where each is used, and deletes only the unused', () => {
    render(<MediaPage {...props()} />)
    const imgs = [...document.querySelectorAll('.media-item img')] as HTMLImageElement[]
    expect(imgs[0].getAttribute('src')).toBe('/pictures/media/2/logo.png')
    expect(imgs[1].getAttribute('src')).toBe('/pictures/media/1/spring.jpg?width=400&height=auto')
    expect(imgs[1].alt).toBe('Printemps')
    const used = document.getElementById('picture-1')!
    expect(used.querySelector('a[href="/admin/site/drafts/3/"]')?.textContent).toBe('admin.media.useDraft')
    expect(used.textContent).toContain('admin.media.usePublished')
    expect(used.textContent).toContain('admin.media.inUse')
    expect(used.querySelector('input[name="action"][value="delete"]')).toBeNull()
    expect(document.getElementById('picture-2')!.querySelector('input[name="action"][value="delete"]')).toBeTruthy()
    expect(screen.getAllByText('admin.media.missing').length).toBeGreaterThan(0)
  })

  it('follows the typed text with its flag, and says a refusal at the picture it concerns', () => {
    render(<MediaPage {...props({ errors: { picture: 'admin.media.error.inUse' }, form: { name: 'picture', values: { action: 'delete', picture: '1' } } })} />)
    const nl = document.getElementById('picture-2-alt-nl') as HTMLInputElement
    expect(nl.closest('.site-lang')!.querySelector('.site-missing')).toBeTruthy()
    fireEvent.input(nl, { target: { value: 'Logo' } })
    expect(nl.closest('.site-lang')!.querySelector('.site-missing')).toBeNull()
    expect(document.getElementById('picture-1')!.textContent).toContain('admin.media.error.inUse')
    expect(document.getElementById('picture-2')!.textContent).not.toContain('admin.media.error.inUse')
  })
})
