import { describe, expect, it } from 'vitest'
import type { ConsentService } from '../../../gen/pages'
import { consentFlags, consentedTags, tagLoader, tagScript, type TagWindow } from './tags'
import { isPreview } from '../../../lib/consent'
import { mustAsk, wantsReset, withoutReset } from './rules'
import { dialogConfig, escapeHTML, translation } from './dialogConfig'

const services: ConsentService[] = [
  { id: 'site', category: 'necessary', provider: 'Immo Arlon' },
  { id: 'tagManager', category: 'analytics', provider: 'GTM', tagId: 'GTM-N4RB8QX' },
  { id: 'analytics', category: 'analytics', provider: 'GA', tagId: 'G-7KX3QZP1LM' },
  { id: 'ads', category: 'marketing', provider: 'Ads', tagId: 'AW-842196573' },
  { id: 'pixel', category: 'social', provider: 'Meta', tagId: '493817265104382' },
  { id: 'youtube', category: 'social', provider: 'YouTube' },
]

function fakeWin() {
  const doc = document.implementation.createHTMLDocument()
  doc.title = 't'
  const win = { location: { href: 'https://immo.test/nl/' } } as unknown as Window & TagWindow
  return { win, doc, scripts: () => [...doc.head.querySelectorAll('script')].map((s) => s.src) }
}

/** The data layer's commands as plain arrays (gtag pushes Arguments objects). */
const commands = (win: TagWindow) => (win.dataLayer ?? []).map((e) => (typeof e === 'object' && e && 'length' in e ? Array.from(e as ArrayLike<unknown>) : e))

describe('tag loader', () => {
  it('pushes the consent default, all denied, before anything and loads nothing undecided', () => {
    const { win, doc, scripts } = fakeWin()
    const l = tagLoader(services, win, doc)
    l.init()
    l.init()
    l.pageView()
    expect(commands(win)).toEqual([['consent', 'default', { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'denied', ad_personalization: 'denied', wait_for_update: 500 }]])
    expect(scripts()).toEqual([])
  })

  it('declined: an update, all denied, and no script', () => {
    const { win, doc, scripts } = fakeWin()
    tagLoader(services, win, doc).decide(['necessary'])
    expect(commands(win).map((c) => (c as unknown[]).slice(0, 2))).toEqual([
      ['consent', 'default'],
      ['consent', 'update'],
    ])
    expect(scripts()).toEqual([])
  })

  it('agree all: update, page view, then every tag from its host, the pixel initialised', () => {
    const { win, doc, scripts } = fakeWin()
    tagLoader(services, win, doc).decide(['necessary', 'analytics', 'marketing', 'social', 'unclassified'])
    const c = commands(win)
    expect(c[1]).toEqual(['consent', 'update', { ad_user_data: 'granted', ad_storage: 'granted', analytics_storage: 'granted', ad_personalization: 'granted' }])
    expect((c[2] as unknown[]).slice(0, 2)).toEqual(['event', 'page_view'])
    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-N4RB8QX',
      'https://www.googletagmanager.com/gtag/js?id=G-7KX3QZP1LM',
      'https://www.googletagmanager.com/gtag/js?id=AW-842196573',
      'https://connect.facebook.net/en_US/fbevents.js',
    ])
    expect(win.fbq?.queue).toEqual([
      ['init', '493817265104382'],
      ['track', 'PageView'],
    ])
  })

  it('analytics only: analytics tags, not the ads nor the pixel; a later choice adds only what is new', () => {
    const { win, doc, scripts } = fakeWin()
    const l = tagLoader(services, win, doc)
    const views = () => commands(win).filter((c) => (c as unknown[])[1] === 'page_view')
    l.decide(['necessary', 'analytics'])
    expect(scripts().map((s) => s.split('?')[1])).toEqual(['id=GTM-N4RB8QX', 'id=G-7KX3QZP1LM'])
    expect(commands(win)[1]).toEqual(['consent', 'update', { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'granted', ad_personalization: 'denied' }])
    expect(views()).toHaveLength(1) // the first decision: this page's view
    l.decide(['necessary', 'analytics', 'social'])
    expect(scripts()).toHaveLength(3)
    expect(scripts()[2]).toContain('fbevents.js')
    // One page view for this page, however often the settings change.
    expect(views()).toHaveLength(1)
    l.decide(['necessary', 'analytics'])
    expect(views()).toHaveLength(1)
    // The next page sends its own view, and a change of settings there none again.
    l.pageView()
    expect(views()).toHaveLength(2)
    l.decide(['necessary', 'analytics', 'marketing'])
    expect(views()).toHaveLength(2)
  })

  it('a page declined first and accepted later sends its view with the first tags', () => {
    const { win, doc } = fakeWin()
    const l = tagLoader(services, win, doc)
    const views = () => commands(win).filter((c) => (c as unknown[])[1] === 'page_view')
    l.decide(['necessary'])
    expect(views()).toHaveLength(0)
    l.decide(['necessary', 'analytics'])
    expect(views()).toHaveLength(1)
    l.decide(['necessary', 'analytics', 'marketing'])
    expect(views()).toHaveLength(1)
  })

  it('a client-side visit sends a page view to the loaded tags only', () => {
    const { win, doc, scripts } = fakeWin()
    const l = tagLoader(services, win, doc)
    l.decide(['necessary', 'social'])
    const before = win.dataLayer!.length
    l.pageView()
    expect(commands(win).slice(before)).toEqual([['event', 'page_view', { page_location: 'https://immo.test/nl/', page_title: 't' }]])
    expect(win.fbq?.queue?.at(-1)).toEqual(['track', 'PageView'])
    expect(scripts()).toHaveLength(1)
  })

  it('a tag without id loads nothing', () => {
    expect(consentedTags([{ id: 'ads', category: 'marketing', provider: 'Ads' }], ['necessary', 'marketing'])).toEqual([])
    expect(tagScript({ id: 'youtube', category: 'social', provider: 'YouTube', tagId: 'x' })).toBe('')
    expect(consentFlags(['necessary', 'marketing']).ad_storage).toBe('granted')
  })
})

describe('consent rules', () => {
  it('resets on setcookies anywhere in the query, skips preview paths, asks again on a new revision', () => {
    expect(wantsReset('?a=1&setcookies')).toBe(true)
    expect(wantsReset('?SetCookies=1')).toBe(true)
    expect(wantsReset('?a=1')).toBe(false)
    expect(isPreview('/nl/preview/x/')).toBe(true)
    expect(isPreview('/nl/te-koop/')).toBe(false)
    expect(mustAsk(true, 1, 1)).toBe(false)
    expect(mustAsk(true, 0, 1)).toBe(true)
    expect(mustAsk(false, 1, 1)).toBe(true)
  })
})

describe('dialog configuration', () => {
  const consent = { cookieDays: 90, revision: 2, categories: ['necessary'], services, policyUrl: '/nl/cookiebeleid/' }
  it('takes the cookie lifetime and revision from the site, necessary read-only', () => {
    const c = dialogConfig(consent, 'nl', {}, () => {}, false)
    expect(c.cookie).toMatchObject({ name: 'cc_cookie', expiresAfterDays: 90, secure: false })
    expect(c.revision).toBe(2)
    expect(c.categories.necessary).toEqual({ enabled: true, readOnly: true })
    expect(Object.keys(c.categories)).toEqual(['necessary', 'analytics', 'marketing', 'social', 'unclassified'])
    expect(c.autoShow).toBe(false)
    expect(c.hideFromBots).toBe(false)
  })
  it('names each category and its providers, escaped', () => {
    const t = (k: string) => k
    const tr = translation(t, { ...consent, services: [{ id: 'site', category: 'necessary', provider: 'A<b>' }] })
    expect(tr.consentModal.acceptAllBtn).toBe('consent.acceptAll')
    expect(tr.consentModal.acceptNecessaryBtn).toBe('consent.declineAll')
    expect(tr.preferencesModal.savePreferencesBtn).toBe('consent.acceptPartly')
    expect(tr.preferencesModal.sections.map((s) => s.linkedCategory).filter(Boolean)).toEqual(['necessary', 'analytics', 'marketing', 'social', 'unclassified'])
    expect(tr.preferencesModal.sections[1].description).toContain('A&#60;b&#62;')
    expect(escapeHTML('"x"')).toBe('&#34;x&#34;')
  })
})

describe('withoutReset', () => {
  it('drops every parameter holding setcookies and keeps the rest of the address', () => {
    expect(withoutReset('http://x.test/fr/a-vendre/?page=2&setcookies&sort=price#top')).toBe('/fr/a-vendre/?page=2&sort=price#top')
    expect(withoutReset('http://x.test/fr/?setcookies=1')).toBe('/fr/')
    expect(withoutReset('http://x.test/fr/?SetCookies')).toBe('/fr/')
    expect(withoutReset('http://x.test/fr/?a=setcookies&b=2')).toBe('/fr/?b=2')
    expect(withoutReset('http://x.test/fr/?page=2')).toBeNull()
  })
})
