import type { ConsentCategory } from '../../../lib/consent'
import type { ConsentService } from '../../../gen/pages'

/**
 * Google Consent Mode v2 and the tag loader (SPEC §4, §7). Everything goes
 * through window.dataLayer, which the tags read once loaded: first the
 * consent default (every flag denied, wait 500 ms), then on a decision the
 * consent update, a page view, and the scripts of the consented tags —
 * created by our bundle, so the page's CSP trusts them ('strict-dynamic'),
 * with no inline script and no eval.
 */

type Flag = 'granted' | 'denied'
export interface ConsentFlags {
  ad_user_data: Flag
  ad_storage: Flag
  analytics_storage: Flag
  ad_personalization: Flag
}

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; callMethod?: (...args: unknown[]) => void; loaded?: boolean; version?: string; push?: unknown }

export interface TagWindow {
  dataLayer?: unknown[]
  gtag?: (...args: unknown[]) => void
  fbq?: Fbq
  _fbq?: Fbq
}

/** SPEC §9: how long tags wait for the visitor's choice. */
const WAIT_FOR_UPDATE = 500

const DENIED: ConsentFlags = { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'denied', ad_personalization: 'denied' }

/** The four flags from the accepted categories: the ads' from marketing, analytics' from analytics. */
export function consentFlags(accepted: readonly ConsentCategory[]): ConsentFlags {
  const ads: Flag = accepted.includes('marketing') ? 'granted' : 'denied'
  return { ad_user_data: ads, ad_storage: ads, analytics_storage: accepted.includes('analytics') ? 'granted' : 'denied', ad_personalization: ads }
}

/** The script address of a tag; '' for an id the loader does not know. */
export function tagScript(s: ConsentService): string {
  const id = encodeURIComponent(s.tagId ?? '')
  switch (s.id) {
    case 'tagManager':
      return `https://www.googletagmanager.com/gtm.js?id=${id}`
    case 'analytics':
    case 'ads':
      return `https://www.googletagmanager.com/gtag/js?id=${id}`
    case 'pixel':
      return 'https://connect.facebook.net/en_US/fbevents.js'
  }
  return ''
}

/** The tags (services with an id) the accepted categories allow, each in the category Go gives it. */
export function consentedTags(services: readonly ConsentService[] | null | undefined, accepted: readonly ConsentCategory[]): ConsentService[] {
  return (services ?? []).filter((s) => s.tagId && tagScript(s) && accepted.includes(s.category as ConsentCategory))
}

export interface TagLoader {
  /** The consent default, once, before anything else: every visitor, decided or not. */
  init(): void
  /** A decision: consent update, page view, then the newly consented tags' scripts. */
  decide(accepted: readonly ConsentCategory[]): void
  /** A client-side visit: a page view to the tags loaded (with the new page's title, when document.title is not set yet), nothing reloaded. */
  pageView(title?: string): void
}

export function tagLoader(services: readonly ConsentService[] | null | undefined, win: Window & TagWindow = window, doc: Document = document): TagLoader {
  const loaded = new Set<string>()
  let initialised = false
  let decided = false
  let counted = false // this page's view sent to the tags
  const layer = () => (win.dataLayer ??= [])
  // gtag.js reads Arguments objects from the data layer, not arrays.
  const gtag = (win.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads the Arguments object itself
    layer().push(arguments)
  })
  const addScript = (src: string) => {
    const s = doc.createElement('script')
    s.async = true
    s.src = src
    doc.head.appendChild(s)
  }
  const fbq = (): Fbq => {
    if (win.fbq) return win.fbq
    // The pixel's queue, as its own snippet makes it, until fbevents.js takes over.
    const f: Fbq = (...args: unknown[]) => {
      if (f.callMethod) f.callMethod(...args)
      else f.queue!.push(args)
    }
    f.queue = []
    f.loaded = true
    f.version = '2.0'
    f.push = f
    win.fbq = win._fbq = f
    return f
  }
  const pageView = (title?: string) => {
    gtag('event', 'page_view', { page_location: win.location.href, page_title: title ?? doc.title })
    if (loaded.has('pixel')) fbq()('track', 'PageView')
  }
  return {
    init() {
      if (initialised) return
      initialised = true
      gtag('consent', 'default', { ...DENIED, wait_for_update: WAIT_FOR_UPDATE })
    },
    decide(accepted) {
      this.init()
      gtag('consent', 'update', consentFlags(accepted))
      decided = true
      const fresh = consentedTags(services, accepted).filter((t) => !loaded.has(t.id))
      if (fresh.length === 0 && loaded.size === 0) return
      // Once per page: a later change of settings is no new view.
      if (!counted) gtag('event', 'page_view', { page_location: win.location.href, page_title: doc.title })
      counted = true
      for (const t of fresh) {
        loaded.add(t.id)
        switch (t.id) {
          case 'tagManager':
            layer().push({ 'gtm.start': Date.now(), event: 'gtm.js' })
            break
          case 'analytics':
          case 'ads':
            gtag('js', new Date())
            gtag('config', t.tagId, { send_page_view: false })
            break
          case 'pixel':
            fbq()('init', t.tagId)
            fbq()('track', 'PageView')
            break
        }
        addScript(tagScript(t))
      }
    },
    pageView(title) {
      counted = decided && loaded.size > 0
      if (counted) pageView(title)
    },
  }
}
