import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { type Lang, LangProvider } from '../../lib/i18n'
import type { Agency } from '../../lib/site/types'
import { cardZero } from '../../test/fixtures'
import { attrs, dom } from '../../test/markup'
import type { Card } from '../../shared/cards/model/types'
import type { ProjectCard } from '../../shared/cards/model/types'
import { fillTotals, resolveBanner } from './model/banner'
import type { BannerView } from './model/types'
import { Banner, embedSrc } from './components/Banner'
import { SearchBlock } from './components/SearchBlock'

const agency: Agency = { name: 'Immo Arlon', phone: '', phoneText: '', email: '', street: '', zip: '', city: '', logo: '/pictures/demo/logo.png' }
const base: BannerView = { type: 'image', image: '/pictures/demo/banner.jpg', title: 'Votre agence', description: 'Vente et location', showLogo: true }
const card: Card = {
  ...cardZero, ID: 4100001, Goal: 0, TypeDescription: 'Villa', Price: 345000, PublishPrice: true, PriceUnit: 1, Marquee: 0, Zip: '6700', City: 'Arlon',
  SmallPictureItem: { Url: '/pictures/demo/house-01.jpg', Width: 250, Height: 167 }, Status: 'available', href: '/fr/a-vendre/arlon/villa/4100001/',
}
const project: ProjectCard = {
  ID: 5200002, Name: 'Les Jardins de Schoppach', City: 'Arlon', Zip: '6700', Delivery: 'Printemps 2027', PriceFrom: 289000, PriceTo: 412000,
  SmallPictureItem: { Url: '/pictures/demo/residence-01.jpg' }, XLargePictureItem: { Url: '' }, UnitsTotal: 8, UnitsAvailable: 5, href: '/fr/project/?id=5200002',
}

const wrap = (el: React.ReactNode, lang: Lang = 'fr') => <LangProvider lang={lang}>{el}</LangProvider>
const html = (banner: BannerView) => renderToString(wrap(<Banner banner={banner} agency={agency} />))

describe('resolveBanner', () => {
  it('falls back to the image when a kind has nothing to show', () => {
    expect(resolveBanner({ ...base, type: 'properties', properties: [] }).kind).toBe('image')
    expect(resolveBanner({ ...base, type: 'properties', properties: undefined }).kind).toBe('image')
    expect(resolveBanner({ ...base, type: 'projects' }).kind).toBe('image')
    expect(resolveBanner({ ...base, type: 'gallery', images: [] }).kind).toBe('image')
    expect(resolveBanner({ ...base, type: 'video', video: 'https://example.com/page' }).kind).toBe('image')
    expect(resolveBanner({ ...base, type: 'nonsense' }).kind).toBe('image')
  })
  it('keeps a kind that has something to show', () => {
    expect(resolveBanner({ ...base, type: 'properties', properties: [card] }).kind).toBe('properties')
    expect(resolveBanner({ ...base, type: 'projects', projects: [project] }).kind).toBe('projects')
    expect(resolveBanner({ ...base, type: 'gallery', images: ['/a.jpg', '/b.jpg'] })).toEqual({ kind: 'gallery', image: '/a.jpg', images: ['/a.jpg', '/b.jpg'] })
    expect(resolveBanner({ ...base, type: 'video', video: 'https://youtu.be/dQw4w9WgXcQ' }).kind).toBe('video')
  })
  it('shows a one-picture gallery as an image', () => {
    expect(resolveBanner({ ...base, type: 'gallery', image: '', images: ['/a.jpg'] })).toEqual({ kind: 'image', image: '/a.jpg' })
  })
})

describe('Banner', () => {
  it('an image: 600 pixels on phones, 1920 elsewhere, high priority, sized, the title as h1', () => {
    const d = dom(html(base))
    expect(d.querySelector('picture source[media="(max-width: 767px)"][type="image/webp"]')?.getAttribute('srcset')).toBe('/pictures/demo/banner.jpg?width=600&height=auto&format=webp')
    expect(d.querySelector('picture source[type="image/webp"]:not([media])')?.getAttribute('srcset')).toBe('/pictures/demo/banner.jpg?width=1920&height=auto&format=webp')
    expect(attrs(d.querySelector('picture img'))).toEqual({
      class: 'banner-image', src: '/pictures/demo/banner.jpg?width=1920&height=auto', alt: '', width: '1920', height: '800', fetchpriority: 'high',
    })
    expect(attrs(d.querySelector('h1'))).toEqual({ id: 'banner-title', class: 'banner-title' })
    expect(d.querySelector('h1')?.textContent).toBe('Votre agence')
  })

  it('a properties banner without properties is the image banner', () => {
    const out = html({ ...base, type: 'properties', properties: [] })
    expect(out).toContain('data-type="image"')
    expect(out).not.toContain('aria-roledescription')
  })

  it('a properties banner: one slide per property with its large picture, price, type, city and link; only the first picture is sent', () => {
    const hidden: Card = { ...card, ID: 4100002, TypeDescription: 'Appartement', City: 'Messancy', Zip: '6780', PublishPrice: false, href: '/fr/a-vendre/messancy/appartement/4100002/',
      XLargePictureItem: { Url: '/pictures/demo/flat-02.jpg' } }
    const from: Card = { ...card, ID: 4100003, TypeDescription: 'Terrain', City: 'Attert', Zip: '6717', Price: 99000, PriceUnit: 7, href: '/fr/a-vendre/attert/terrain/4100003/' }
    const rent: Card = { ...card, ID: 4100004, Goal: 1, TypeDescription: 'Studio', Price: 650, href: '/fr/a-louer/arlon/studio/4100004/' }
    const out = html({ ...base, type: 'properties', properties: [{ ...card, XLargePictureItem: { Url: '/pictures/demo/house-01-xl.jpg' } }, hidden, from, rent] })
    const d = dom(out)
    expect(d.querySelector('section')?.getAttribute('data-type')).toBe('properties')
    expect(d.querySelector('h1#banner-title.banner-title')?.textContent).toBe('Votre agence')
    expect(out.match(/aria-roledescription="slide"/g)).toHaveLength(4)
    expect(out).toContain('/pictures/demo/house-01-xl.jpg?width=1920') // the large picture, not the thumbnail
    expect(out).not.toContain('/pictures/demo/flat-02.jpg')
    const text = out.replace(/<[^>]+>/g, '|')
    for (const want of ['€ 345.000', 'Villa · 6700 Arlon', 'Prix sur demande', 'Appartement · 6780 Messancy', 'À partir de € 99.000', 'Terrain · 6717 Attert', '€ 650 / mois'])
      expect(text).toContain(want)
    for (const p of [card, hidden, from, rent]) expect(out).toContain(`href="${p.href}"`)
    // Only the active slide can be reached: the others are inert.
    expect(d.querySelectorAll('[aria-roledescription="slide"][inert]')).toHaveLength(3)
  })

  it('a status label on a slide comes from our translations by code', () => {
    const out = html({ ...base, type: 'properties', properties: [{ ...card, Marquee: 1, MarqueeName: 'Nouveau', Language: 'fr' }] })
    const en = renderToString(wrap(<Banner banner={{ ...base, type: 'properties', properties: [{ ...card, Marquee: 1, MarqueeName: 'Nouveau', Language: 'fr' }] }} agency={agency} />, 'en'))
    expect(out).toContain('>Nouveau<')
    expect(en).toContain('>New<')
    expect(en).not.toContain('Nouveau')
  })

  it('a projects banner: picture, name, city, price range, link to the project or its own site', () => {
    const own: ProjectCard = { ...project, ID: 5200001, Name: 'Résidence Beau-Site', City: 'Messancy', Zip: '6780', PriceFrom: 0, PriceTo: 0, External: true, href: 'https://example.com/beau-site',
      XLargePictureItem: { Url: '/pictures/demo/residence-02.jpg' } }
    const out = html({ ...base, type: 'projects', projects: [project, own] })
    expect(out).toContain('data-type="projects"')
    expect(out).toContain('/pictures/demo/residence-01.jpg?width=1920')
    const text = out.replace(/<[^>]+>/g, '|')
    for (const want of ['De € 289.000 à € 412.000', 'Les Jardins de Schoppach', '6700 Arlon', 'Résidence Beau-Site', '6780 Messancy']) expect(text).toContain(want)
    expect(out).toContain('href="/fr/project/?id=5200002"')
    const d = dom(out)
    expect(attrs(d.querySelector('a[href="https://example.com/beau-site"]'))).toEqual({
      href: 'https://example.com/beau-site', class: 'banner-slide-link', target: '_blank', rel: 'noopener',
    })
    expect(d.querySelector('h1#banner-title.banner-title')?.textContent).toBe('Votre agence')
  })

  it('the slides move by the controls and the keyboard reaches the active slide only', async () => {
    vi.stubGlobal('matchMedia', vi.fn(() => ({ matches: true, addEventListener: () => {}, removeEventListener: () => {} })))
    const user = userEvent.setup()
    const second: Card = { ...card, ID: 4100002, href: '/fr/a-vendre/arlon/villa/4100002/' }
    render(wrap(<Banner banner={{ ...base, type: 'properties', properties: [card, second] }} agency={agency} />))
    // Inert (no focus) and hidden from assistive technology: only the active slide's link is there.
    const reachable = () => [...document.querySelectorAll('.banner-slide:not([inert]) a')].map((a) => a.getAttribute('href'))
    const links = () => screen.getAllByRole('link').map((a) => a.getAttribute('href')).filter((h) => h?.includes('/villa/'))
    expect(reachable()).toEqual([card.href])
    expect(links()).toEqual([card.href])
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(reachable()).toEqual([second.href])
    expect(links()).toEqual([second.href])
    // The next picture was loaded when it came up.
    expect(document.querySelectorAll('.banner-slide img')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Précédent' }))
    expect(reachable()).toEqual([card.href])
    vi.unstubAllGlobals()
  })

  it('a gallery sends only its first picture, with pause and slide controls', () => {
    const out = html({ ...base, type: 'gallery', images: ['/pictures/demo/a.jpg', '/pictures/demo/b.jpg', '/pictures/demo/c.jpg'] })
    expect(out).toContain('aria-roledescription="carousel"')
    expect(out.match(/aria-roledescription="slide"/g)).toHaveLength(3)
    expect(out).toContain('/pictures/demo/a.jpg?width=1920')
    expect(out).not.toContain('/pictures/demo/b.jpg')
    expect(out).toContain('aria-label="Relancer le diaporama"') // nothing moves before hydration
  })

  it('a video file plays muted, looping and inline, with the banner picture as poster', () => {
    const out = html({ ...base, type: 'video', video: '/media/banner.mp4' })
    const video = dom(out).querySelector('video')
    for (const flag of ['muted', 'loop', 'playsinline', 'autoplay']) expect(video?.hasAttribute(flag), flag).toBe(true)
    expect(out).toContain('poster="/pictures/demo/banner.jpg?width=1920&amp;height=auto&amp;format=webp"')
    expect(out).toContain('<source src="/media/banner.mp4" type="video/mp4"/>')
  })

  it('YouTube waits for a click: no third-party address before it', async () => {
    const banner = { ...base, type: 'video', video: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' }
    const out = html(banner)
    expect(out).not.toMatch(/youtube|ytimg|<iframe/)
    expect(out).toContain('Lire la vidéo')

    const user = userEvent.setup()
    render(wrap(<Banner banner={banner} agency={agency} />))
    expect(document.querySelector('iframe')).toBeNull()
    // happy-dom loads no frame and says so on the stderr of the console it was made with.
    const write = process.stderr.write
    const said: string[] = []
    process.stderr.write = ((chunk: string | Uint8Array) => said.push(String(chunk)) > 0) as typeof process.stderr.write
    try {
      await user.click(screen.getByRole('button', { name: 'Lire la vidéo' }))
    } finally {
      process.stderr.write = write
    }
    for (const line of said) expect(line).toMatch(/Iframe page loading is disabled|^\s+at /)
    const frame = screen.getByTitle('Vidéo de présentation')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0&playsinline=1')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Votre agence')
  })

  it('embeds Vimeo and Facebook the same way; TV Lux opens in a new tab', () => {
    expect(embedSrc(resolveVideo('https://vimeo.com/76979871'))).toBe('https://player.vimeo.com/video/76979871?autoplay=1')
    expect(embedSrc(resolveVideo('https://fb.watch/abcDEF12/'))).toBe('https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Ffb.watch%2FabcDEF12%2F&autoplay=true')
    const out = html({ ...base, type: 'video', video: 'https://www.tvl.be/emission/immo' })
    expect(out).toMatch(/<a[^>]*href="https:\/\/www.tvl.be\/emission\/immo"[^>]*target="_blank" rel="noopener"/)
  })

  it('a gallery pauses when asked, and does not move with reduced motion', () => {
    vi.useFakeTimers()
    const matchMedia = vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }))
    vi.stubGlobal('matchMedia', matchMedia)
    const banner = { ...base, type: 'gallery', images: ['/a.jpg', '/b.jpg'] }
    const first = render(wrap(<Banner banner={banner} agency={agency} />))
    const active = () => [...document.querySelectorAll('.banner-slide')].findIndex((s) => s.hasAttribute('data-active'))
    expect(active()).toBe(0)
    act(() => vi.advanceTimersByTime(5000))
    expect(active()).toBe(1)
    // fireEvent: user-event's own waits would never end under fake timers.
    fireEvent.click(screen.getByRole('button', { name: 'Mettre le diaporama en pause' }))
    expect(screen.getByRole('button', { name: 'Relancer le diaporama' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(15000))
    expect(active()).toBe(1)
    first.unmount()

    matchMedia.mockReturnValue({ matches: true, addEventListener: () => {}, removeEventListener: () => {} })
    render(wrap(<Banner banner={banner} agency={agency} />))
    act(() => vi.advanceTimersByTime(15000))
    expect(active()).toBe(0)
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })
})

describe('SearchBlock', () => {
  it('title, filled description, counts in brackets and the search box', () => {
    const out = renderToString(
      wrap(
        <SearchBlock
          block={{ title: 'Trouvez', description: 'Nos {{forSale}} biens à vendre et {{ forRent }} à louer', saleHref: '/fr/a-vendre/', rentHref: '/fr/a-louer/', saleCount: 43, rentCount: 15, showCounts: true }}
        />,
      ),
    )
    expect(out).toContain('Nos 43 biens à vendre et 15 à louer')
    expect(out).toContain('À vendre (43)')
    expect(out).toContain('À louer (15)')
    expect(out).toContain('role="combobox"')
    const without = renderToString(wrap(<SearchBlock block={{ saleHref: '/fr/a-vendre/', saleCount: 43, rentCount: 15, showCounts: false }} />))
    expect(without).not.toContain('(43)')
    expect(without).not.toContain('À louer')
  })
  it('fills only the known placeholders', () => {
    expect(fillTotals('{{forSale}}/{{forRent}}/{{other}}', 1, 2)).toBe('1/2/{{other}}')
  })
})

function resolveVideo(url: string) {
  const b = resolveBanner({ ...base, type: 'video', video: url })
  if (b.kind !== 'video') throw new Error(`${url} is not a video`)
  return b.video
}
