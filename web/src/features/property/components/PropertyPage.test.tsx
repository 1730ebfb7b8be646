import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { App } from '../../../app/App'
import { allViews } from '../../../app/pages'
import type { Page } from '../../../lib/router'
import { pagesIn, property as fixture } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'
import type { PropertyDetail, PropertyProps } from '../api/types'

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
      'Nearby', 'Interested in this property?', 'Similar properties',
    ])
    const levels = headings(el)
    expect(levels[0]).toBe(1)
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1)
    expect(el.querySelectorAll('main h1')).toHaveLength(1)
  })

  it('a property without Financial, documents, tour or position shows none of those sections', () => {
    const el = dom(page('en', { Financial: undefined, Documents: null, VirtualTour: undefined, Latitude: undefined, Longitude: undefined, PointsOfInterest: null }))
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
    expect(first.hasAttribute('loading')).toBe(false)
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

  it('location: a map link in a new tab and the coordinates, no street view without a key', () => {
    const el = dom(page('en', { PublishAddress: true, Street: 'Grand-Rue' }))
    const map = el.querySelector<HTMLAnchorElement>('a[href^="https://www.openstreetmap.org/"]')!
    expect(map.getAttribute('target')).toBe('_blank')
    expect(map.getAttribute('rel')).toBe('noopener')
    expect(el.textContent).toContain('49.69178, 5.80852')
    expect(el.querySelector('a[href^="https://www.google.com/maps"]')).toBeNull()
    const keyed = dom(page('en', { PublishAddress: true, Street: 'Grand-Rue' }, { streetViewKey: 'KEY' }))
    expect(keyed.querySelector('a[href^="https://www.google.com/maps/@?api=1&map_action=pano"]')).not.toBeNull()
    // A private address: a rough position, said so, and never street view.
    const rough = dom(page('en', { PublishAddress: false, Latitude: 49.69, Longitude: 5.81 }, { streetViewKey: 'KEY' }))
    expect(rough.textContent).toContain('Approximate GPS coordinates: 49.69, 5.81')
    expect(rough.querySelector('a[href^="https://www.google.com/maps"]')).toBeNull()
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
    const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show the virtual tour')!
    await act(async () => {
      button.click()
    })
    const frame = container.querySelector('iframe')!
    expect(frame.getAttribute('src')).toBe('https://my.matterport.com/show/?m=x')
    expect(frame.getAttribute('title')).toBe('Virtual tour: Villa 4 chambres à Arlon')
    expect(frame.getAttribute('loading')).toBe('lazy')
    expect(container.querySelector('a[href="https://my.matterport.com/show/?m=x"]')!.getAttribute('target')).toBe('_blank')
    container.remove()
  })
})
