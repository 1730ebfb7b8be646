import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { App } from '../../../app/App'
import { allViews } from '../../../app/pages'
import type { Page } from '../../../lib/router'
import { pagesIn, property as fixture } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'
import type { PropertyDetail, PropertyMapView, PropertyProps } from '../model/types'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// happy-dom would load a frame's page: not in tests (no network).
type HappySettings = { disableIframePageLoading: boolean; navigation: { disableChildFrameNavigation: boolean } }
const happy = (window as unknown as { happyDOM?: { settings: HappySettings } }).happyDOM?.settings
if (happy) {
  happy.disableIframePageLoading = true
  happy.navigation.disableChildFrameNavigation = true
}

function page(lang: 'fr' | 'en', over: Partial<PropertyDetail> | null = {}, extra: Partial<PropertyProps> = {}): Page {
  const base = pagesIn(lang)[3]
  const property = over === null ? null : { ...fixture(), Latitude: 49.691779, Longitude: 5.808516, ...over }
  return { ...base, props: { ...base.props, notice: undefined, property, ...extra } }
}

/** route.PropertyMap for the fixture's position, without a street view key. */
function pin(): PropertyMapView {
  return {
    marker: { ID: 4100004, Goal: 0, lat: 49.69178, lng: 5.80852, Price: 1, PublishPrice: true, PriceUnit: 1, Marquee: 0, title: 'Villa – Arlon', City: 'Arlon', href: '' },
    streetView: { link: 'https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=49.691780,5.808520' },
  }
}

/** The page as the server renders it, hydrated in the document. */
async function hydrate(p: Page) {
  const container = document.createElement('div')
  container.innerHTML = renderPage(p)
  document.body.appendChild(container)
  const onRecoverableError = vi.fn()
  await act(async () => {
    hydrateRoot(container, <App initialPage={p} router={null} views={allViews} />, { onRecoverableError })
  })
  expect(onRecoverableError).not.toHaveBeenCalled()
  return container
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

const headings = (el: HTMLElement) => [...el.querySelectorAll('main h1, main h2, main h3')].map((h) => Number(h.tagName[1]))

describe('PropertyPage', () => {
  it('renders every section with its data, headings in order', () => {
    const el = dom(page('en'))
    const titles = [...el.querySelectorAll('main h2')].map((h) => h.textContent)
    expect(titles).toEqual([
      'Key facts', 'Description', 'Energy performance certificate (EPC)', 'Financial information', 'Details', 'Location', 'Virtual tour', 'Documents',
      'Nearby', 'Request information', 'Interested in this property?', 'Similar properties',
    ])
    const levels = headings(el)
    expect(levels[0]).toBe(1)
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1)
    expect(el.querySelectorAll('main h1')).toHaveLength(1)
  })

  it('a property without Financial, documents, tour or position shows none of those sections', () => {
    const el = dom(page('en', { Financial: undefined, Documents: undefined, VirtualTour: undefined, Latitude: undefined, Longitude: undefined, PointsOfInterest: undefined }))
    for (const id of ['financial-title', 'documents-title', 'tour-title', 'location-title', 'poi-title']) expect(el.querySelector(`#${id}`), id).toBeNull()
    expect(el.querySelector('#details-title')).not.toBeNull()
    expect(el.querySelector('#energy-title')).not.toBeNull()
  })

  it('formats the money as Go does (lib/format)', () => {
    const text = dom(page('fr')).querySelector('#financial-title')!.parentElement!.textContent!
    expect(text).toContain('Loyer mensuel€ 1.200')
    expect(text).toContain('Revenu cadastral€ 1.515')
    expect(text).toContain('Droits d\'enregistrement€ 11.810')
  })

  it('the energy certificate: label picture by region with its alt, figures, no notice in Wallonia', () => {
    const el = dom(page('en'))
    const img = el.querySelector<HTMLImageElement>('.epc-image')!
    expect(img.getAttribute('src')).toBe('/images/epc/wallonia/a_plusplus.svg')
    expect(img.getAttribute('alt')).toBe('EPC label A++')
    expect(img.getAttribute('width')).toBe('96')
    expect(el.querySelector('.epc-notice')).toBeNull()
    const flemish = dom(page('en', { WebID: 2 }, { epc: { label: 'e', image: '/images/epc/flanders/e.svg', region: 'flanders' } }))
    expect(flemish.querySelector('.epc-notice')!.textContent).toContain('renovated to label D or better within 5 years')
  })

  it('pictures: WebP sources and JPEG fallbacks at the §7 widths, explicit sizes, lazy below the first', () => {
    const el = dom(page('en'))
    const slides = el.querySelectorAll('.gallery-slide')
    expect(slides).toHaveLength(2)
    const first = slides[0].querySelector('img')!
    expect(first.getAttribute('src')).toBe('/pictures/demo/house-01.jpg?width=1360&height=auto')
    expect(first.getAttribute('width')).toBe('1600')
    expect(first.getAttribute('height')).toBe('1067')
    expect(first.getAttribute('loading')).toBe('eager')
    expect(first.getAttribute('alt')).toBe('Appartement in Arlon – Façade')
    expect(slides[0].querySelector('source')!.getAttribute('srcset')).toContain('house-01.jpg?width=1920&height=auto&format=webp 1920w')
    expect(slides[1].querySelector('img')!.getAttribute('loading')).toBe('lazy')
    const thumb = el.querySelector('.gallery-thumbs img')!
    expect(thumb.getAttribute('src')).toBe('/pictures/demo/house-01.jpg?width=100&height=auto')
    expect(thumb.getAttribute('loading')).toBe('lazy')
    for (const img of el.querySelectorAll('main img')) {
      expect(img.getAttribute('alt'), img.outerHTML).toBeTruthy()
      expect(img.getAttribute('alt')!.toLowerCase()).not.toMatch(/^(image|photo|picture)$/)
      expect(img.hasAttribute('width') && img.hasAttribute('height'), img.outerHTML).toBe(true)
    }
  })

  it('location: a published address has the map section (no frame in the server HTML) and a street view link', () => {
    const el = dom(page('en', { PublishAddress: true, Street: 'Grand-Rue' }, { map: pin() }))
    const section = el.querySelector('#location-title')!.parentElement!
    expect([...section.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['On the map', 'Street View (Google)'])
    expect(el.textContent).toContain('49.69178, 5.80852')
    expect(el.querySelector('iframe')).toBeNull()
    // Without JavaScript: the position on OpenStreetMap, in a new tab, where the frame will be.
    const fallback = section.querySelector<HTMLAnchorElement>('.property-map-box a')!
    expect(fallback.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=49.69178&mlon=5.80852#map=16/49.69178/5.80852')
    expect(fallback.getAttribute('target')).toBe('_blank')
    expect(fallback.getAttribute('rel')).toBe('noopener')
    // No key: street view is a link in a new tab, no frame and no button.
    const sv = section.querySelector<HTMLAnchorElement>('.property-streetview a')!
    expect(sv.getAttribute('href')).toBe('https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=49.691780,5.808520')
    expect(sv.getAttribute('target')).toBe('_blank')
    expect(sv.textContent).toBe('Open Street View in Google Maps')
    expect(section.querySelector('.property-streetview button')).toBeNull()
  })

  it('location: a private address has no map section and no street view, only its rough position', () => {
    const rough = dom(page('en', { PublishAddress: false, Latitude: 49.69, Longitude: 5.81 }))
    expect(rough.textContent).toContain('Approximate GPS coordinates: 49.69, 5.81')
    expect(rough.querySelector('.property-map')).toBeNull()
    expect(rough.querySelector('.property-streetview')).toBeNull()
    expect(rough.querySelector('a[href^="https://www.google.com/maps"]')).toBeNull()
    expect(rough.querySelector('a[href^="https://www.openstreetmap.org/?mlat=49.69&mlon=5.81#map=14/"]')).not.toBeNull()
  })

  it('the map frame loads with its one marker once the map comes near the viewport', async () => {
    const observers: { cb: IntersectionObserverCallback; options?: IntersectionObserverInit; els: Element[] }[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        els: Element[] = []
        constructor(public cb: IntersectionObserverCallback, public options?: IntersectionObserverInit) {
          observers.push(this)
        }
        observe(el: Element) {
          this.els.push(el)
        }
        disconnect() {
          this.els = []
        }
      },
    )
    const p = page('en', { PublishAddress: true }, { map: pin() })
    const container = await hydrate(p)
    expect(container.querySelector('iframe')).toBeNull()
    const watcher = observers.find((o) => o.els.some((e) => e.classList.contains('property-map-box')))!
    expect(watcher.options?.rootMargin).toBe('200px')
    const post = vi.fn()
    await act(async () => {
      watcher.cb([{ isIntersecting: false } as IntersectionObserverEntry], watcher as unknown as IntersectionObserver)
    })
    expect(container.querySelector('iframe')).toBeNull()
    await act(async () => {
      watcher.cb([{ isIntersecting: true } as IntersectionObserverEntry], watcher as unknown as IntersectionObserver)
    })
    const frame = container.querySelector<HTMLIFrameElement>('.property-map-box iframe')!
    expect(frame.getAttribute('src')).toBe('/map-frame/?lang=en')
    expect(frame.getAttribute('title')).toBe('Map: Villa 4 chambres à Arlon')
    expect(container.querySelector('.property-map-box a')).toBeNull()
    expect(watcher.els).toEqual([]) // seen once: no longer watched
    // The frame is posted the one marker, without a link, with its price.
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post } })
    await act(async () => {
      frame.dispatchEvent(new Event('load'))
      await new Promise((r) => setTimeout(r, 80))
    })
    expect(post).toHaveBeenCalledTimes(1)
    const [msg, origin] = post.mock.calls[0]
    expect(origin).toBe(window.location.origin)
    expect(msg.properties).toHaveLength(1)
    expect(msg.properties[0]).toMatchObject({ lat: 49.69178, lng: 5.80852, href: '', priceText: '€ 1' })
    container.remove()
    vi.unstubAllGlobals()
  })

  it('street view with a configured key: Google\'s frame only when the visitor asks, and the link', async () => {
    const embed = 'https://www.google.com/maps/embed/v1/streetview?key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY&location=49.691780,5.808520&language=en'
    const map = pin()
    map.streetView.embed = embed
    const container = await hydrate(page('en', { PublishAddress: true }, { map }))
    const sv = within(container.querySelector<HTMLElement>('.property-streetview')!)
    expect(container.querySelector('iframe')).toBeNull()
    expect(sv.getByRole('link', { name: 'Open Street View in Google Maps' })).toHaveAttribute('href', map.streetView.link)
    await userEvent.click(sv.getByRole('button', { name: 'Show Street View' }))
    const frame = sv.getByTitle('Street View: Villa 4 chambres à Arlon')
    expect(frame).toHaveAttribute('src', embed)
    expect(frame).toHaveFocus()
    container.remove()
  })

  it('documents: the §4 state and an e-mail request per document', () => {
    const li = dom(page('en')).querySelector('.documents li')!
    expect(li.querySelector('.document-state')!.textContent).toBe('Not yet requested')
    expect(li.querySelector('a')!.getAttribute('href')).toMatch(/^mailto:marc\.schmit@immo-arlon\.be\?subject=Document%20request%3A%20EPC%20certificate/)
  })

  it('the agent: name, phone by §9 with tel:, e-mail', () => {
    const box = dom(page('en')).querySelector('.contact-box')!
    expect(box.querySelector('.contact-name')!.textContent).toBe('Marc Schmit')
    const tel = box.querySelector('a[href^="tel:"]')!
    expect(tel.getAttribute('href')).toBe('tel:+32496234517')
    expect(tel.textContent).toContain('0496 23 45 17')
    expect(box.querySelector('a[href="mailto:marc.schmit@immo-arlon.be"]')).not.toBeNull()
    expect(box.querySelector('button')).toBeNull() // no button pretends to send a form
    const agencyOnly = dom(page('en', { Manager: undefined })).querySelector('.contact-box')!
    expect(agencyOnly.querySelector('a[href^="tel:"]')!.textContent).toContain('063 22 44 55')
    expect(agencyOnly.querySelector('a[href="mailto:info@immo-arlon.be"]')).not.toBeNull()
  })

  it('the contact bar: the agent to call, the information request, labelled, after the page in reading order', () => {
    const el = dom(page('fr'))
    const bar = el.querySelector('.contact-bar')!
    expect(bar.getAttribute('role')).toBe('group')
    expect(bar.getAttribute('aria-label')).toBe("Contacter l'agence")
    const tel = bar.querySelector('a[href^="tel:"]')!
    expect(tel.getAttribute('href')).toBe('tel:+32496234517')
    expect(tel.textContent).toBe('Appeler 0496 23 45 17') // the number read out, not shown
    expect(bar.querySelector('a[href="#contact"]')!.textContent).toBe('Contacter')
    expect(bar.querySelector('a[href$="#visit"]'), 'no visit offered in this fixture').toBeNull()
    expect(el.querySelector('#contact'), 'the form it leads to').not.toBeNull()
    expect(bar.compareDocumentPosition(el.querySelector('.property-similar')!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
  })

  it('the contact box opens the disclosure it leads to, which then renders its form, without loading a page', async () => {
    const container = await hydrate(page('en'))
    try {
      const friend = container.querySelector<HTMLDetailsElement>('details#friend')!
      expect(friend.open).toBe(false)
      expect(friend.querySelector('form'), 'no form while closed').toBeNull()
      const link = container.querySelector<HTMLAnchorElement>('.contact-box a[href="?open=send-to-friend#friend"]')!
      let loaded = true
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
      await act(async () => {
        loaded = link.dispatchEvent(click)
      })
      expect(loaded, 'the link is not followed').toBe(false)
      expect(friend.open).toBe(true)
      expect(location.hash).toBe('#friend')
      await vi.waitFor(() => expect(friend.querySelector('form input[name="form"]')?.getAttribute('value')).toBe('send-to-friend'))
      expect(friend.querySelector('.disclosure-open')).toBeNull()
    } finally {
      container.remove()
      history.replaceState(null, '', location.pathname)
    }
  })

  it("a disclosure the visitor opened before the page's code ran shows its form once hydrated", async () => {
    const p = page('en')
    const container = document.createElement('div')
    container.innerHTML = renderPage(p)
    document.body.appendChild(container)
    try {
      const friend = container.querySelector<HTMLDetailsElement>('details#friend')!
      friend.open = true // the summary, tapped while the scripts load
      expect(friend.querySelector('form')).toBeNull()
      const onRecoverableError = vi.fn()
      await act(async () => {
        hydrateRoot(container, <App initialPage={p} router={null} views={allViews} />, { onRecoverableError })
      })
      expect(onRecoverableError).not.toHaveBeenCalled()
      await vi.waitFor(() => expect(friend.querySelector('form input[name="form"]')?.getAttribute('value')).toBe('send-to-friend'))
    } finally {
      container.remove()
    }
  })

  it('a sold property says so (role=status) and still offers similar ones', () => {
    const el = dom(page('fr', { Status: 'sold' }, { notice: 'Bien vendu' }))
    expect(el.querySelector('[role="status"]')!.textContent).toBe('Bien vendu')
    expect(el.querySelector('#contact-box-title')!.textContent).toBe('Vous cherchez un bien similaire ?')
    expect(el.querySelectorAll('.property-similar .card')).toHaveLength(4)
  })

  it('a missing property: the message, other properties and a link to the list, without crashing', () => {
    const base = pagesIn('fr')[3]
    const missing: Page = {
      ...base,
      props: { site: base.props.site, head: base.props.head, property: null, notice: 'Bien introuvable', similar: (base.props as unknown as PropertyProps).similar, listUrl: '/fr/a-vendre/' },
    }
    const el = dom(missing)
    expect(el.querySelector('main h1')!.textContent).toBe('Bien introuvable')
    expect(el.querySelector('[role="status"]')!.textContent).toContain('Bien introuvable')
    expect(el.querySelectorAll('.card')).toHaveLength(4)
    expect(el.querySelector('a.button[href="/fr/a-vendre/"]')).not.toBeNull()
    // No similar properties at all: still a page.
    expect(dom({ ...missing, props: { ...missing.props, similar: null } }).querySelector('main h1')!.textContent).toBe('Bien introuvable')
  })

  it('the virtual tour loads no frame before the visitor asks', async () => {
    const container = document.createElement('div')
    const p = page('en')
    container.innerHTML = renderPage(p)
    document.body.appendChild(container)
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(container, <App initialPage={p} router={null} views={allViews} />, { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled() // the gallery hydrates as rendered
    expect(container.querySelector('iframe')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Show the virtual tour' }))
    const frame = screen.getByTitle('Virtual tour: Villa 4 chambres à Arlon')
    expect(frame).toHaveAttribute('src', 'https://my.matterport.com/show/?m=x')
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(container.querySelectorAll('iframe')).toHaveLength(1)
    expect(container.querySelector('a[href="https://my.matterport.com/show/?m=x"]')).toHaveAttribute('target', '_blank')
    container.remove()
  })
})
