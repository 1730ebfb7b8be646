import { useEffect, useRef } from 'react'
import { acceptedFrom, CONSENT_COOKIE, consentRevision, getConsent, isPreview, onConsentSettings, setConsent, setConsentDialogOpen, UNDECIDED } from '../../../lib/consent'
import { useLang } from '../../../lib/i18n'
import { usePage } from '../../../lib/router'
import type { BaseProps } from '../../../lib/site/types'
import type { DialogHooks } from '../model/dialog'
import { mustAsk, wantsReset, withoutReset } from '../model/rules'
import { tagLoader, type TagLoader } from '../model/tags'
import { ConsentBanner, showConsentBanner } from './ConsentBanner'
import './consent.css'

/**
 * Once a choice is made, ?setcookies leaves the address (the history entry
 * is replaced, its page object with it): a reload would erase the new
 * choice again.
 */
function forgetResetRequest() {
  const clean = withoutReset(window.location.href)
  if (clean === null) return
  // The router keeps a page object, or a private page's address only.
  const state = window.history.state as { page?: { url?: string }; url?: string } | null
  const next = state?.page ? { ...state, page: { ...state.page, url: clean } } : state?.url ? { ...state, url: clean } : state
  window.history.replaceState(next, '', clean)
}

/** Forgets the stored consent (?setcookies): the library sets its cookie for the host name as domain. */
function eraseConsentCookie() {
  for (const domain of ['', `; Domain=${window.location.hostname}`]) {
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${domain}`
  }
  setConsent(UNDECIDED)
}

/** The dialog's library, in a chunk of its own, fetched on first use. */
const loadDialog = () => import('../model/dialog')

/**
 * The cookie consent (SPEC §4): pushes the consent default before any tag,
 * applies a decided consent from the cookie without loading the dialog's
 * library, and shows the first dialog (ConsentBanner, already in the page)
 * when the visitor must choose (not on a preview path; again after
 * ?setcookies). The library loads only when the visitor acts on it or opens
 * the settings: it stores the choice and shows the settings. Every decision
 * goes to lib/consent (embeds, pop-up) and to the tag loader; a client-side
 * visit sends a page view.
 */
export function ConsentManager() {
  const page = usePage<Partial<BaseProps>>()
  const consent = page.props.site?.consent
  const lang = useLang()
  const live = useRef({ consent, lang })
  useEffect(() => {
    live.current = { consent, lang }
  }, [consent, lang])
  const tags = useRef<TagLoader | null>(null)
  const firstURL = useRef<string | null>(page.url)
  // Whether the first dialog asks, and whether the library's settings are
  // open: the pop-up waits while either is (lib/consent's dialogOpen).
  const open = useRef({ asking: false, settings: false })
  const decide = useRef<(categories: string[]) => void>(() => {})
  const tellOpen = () => setConsentDialogOpen(open.current.asking || open.current.settings)
  const ask = (asking: boolean) => {
    open.current.asking = asking
    showConsentBanner(asking)
    tellOpen()
  }
  const hooks: DialogHooks = {
    onDecision: (categories) => decide.current(categories),
    onOpenChange: (settings) => {
      open.current.settings = settings
      tellOpen()
    },
  }
  const withDialog = (act: (m: Awaited<ReturnType<typeof loadDialog>>, c: NonNullable<typeof consent>, l: typeof lang) => Promise<void>) => {
    const { consent: c, lang: l } = live.current
    if (c) void loadDialog().then((m) => act(m, c, l))
  }
  const openSettings = () => withDialog((m, c, l) => m.openPreferences(c, l, hooks))

  useEffect(() => {
    if (!consent) return
    const loader = (tags.current = tagLoader(consent.services))
    loader.init()
    decide.current = (categories: string[]) => {
      const accepted = acceptedFrom(categories)
      setConsent({ decided: true, accepted })
      loader.decide(accepted)
      forgetResetRequest()
      ask(false)
    }
    if (wantsReset(window.location.search)) eraseConsentCookie()
    const state = getConsent()
    if (mustAsk(state.decided, consentRevision(), consent.revision)) {
      if (state.decided) setConsent(UNDECIDED)
      ask(!isPreview(window.location.pathname))
    } else {
      ask(false)
      loader.decide(state.accepted)
    }
    return onConsentSettings(openSettings)
    // Once per page load: the site's consent configuration is the same on every page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A later visit: a page view without reloading anything; ?setcookies in
  // its address, or a page that is no preview while undecided, shows the dialog.
  useEffect(() => {
    if (firstURL.current === page.url) return
    firstURL.current = null
    const [path, query = ''] = page.url.split('#')[0].split('?')
    if (wantsReset('?' + query)) eraseConsentCookie()
    if (!getConsent().decided) {
      if (!isPreview(path)) ask(true)
      return
    }
    // The new page's title: this effect runs before the app's, which sets document.title.
    tags.current?.pageView(page.props.head?.title)
    // One view per address: the title is read with it, not a reason for another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page.url])

  if (!consent) return null
  return (
    <ConsentBanner
      policyUrl={consent.policyUrl}
      onAcceptAll={() => withDialog((m, c, l) => m.decideAll(c, l, hooks, true))}
      onDeclineAll={() => withDialog((m, c, l) => m.decideAll(c, l, hooks, false))}
      onSettings={openSettings}
      onIntent={() => void loadDialog()}
    />
  )
}
