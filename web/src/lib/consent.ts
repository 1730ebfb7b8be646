import { useSyncExternalStore } from 'react'

/**
 * The visitor's cookie consent as the page knows it (SPEC §4): whether it
 * has been decided and which categories are accepted. shared/consent
 * (vanilla-cookieconsent) writes it; whatever waits for consent — the
 * pop-up, the tag loader, click-to-load embeds — reads it here, so none of
 * them imports the consent library.
 */
export type ConsentCategory = 'necessary' | 'analytics' | 'marketing' | 'social' | 'unclassified'

export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ['necessary', 'analytics', 'marketing', 'social', 'unclassified']

/** vanilla-cookieconsent's cookie: read at start, before its library loads. */
export const CONSENT_COOKIE = 'cc_cookie'

export interface ConsentState {
  decided: boolean
  accepted: readonly ConsentCategory[]
  /** Whether the consent dialog or its settings are open (the pop-up waits for them to close). */
  dialogOpen: boolean
}

/** A decision or its absence: what setConsent records; the dialog's state is its own. */
export type ConsentDecision = Pick<ConsentState, 'decided' | 'accepted'>

export const UNDECIDED: ConsentState = { decided: false, accepted: ['necessary'], dialogOpen: false }

/** The accepted categories of a choice: the known ones, necessary always. */
export function acceptedFrom(categories: readonly unknown[]): ConsentCategory[] {
  return CONSENT_CATEGORIES.filter((c) => c === 'necessary' || categories.includes(c))
}

let state: ConsentState | null = null
const listeners = new Set<() => void>()

/** The consent cookie's value: null without one (also on the server), {} when it does not parse. */
function readConsentCookie(): { categories?: unknown; revision?: unknown } | null {
  if (typeof document === 'undefined') return null
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(CONSENT_COOKIE + '='))
    ?.slice(CONSENT_COOKIE.length + 1)
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw))
    return value && typeof value === 'object' ? value : {}
  } catch {
    return {}
  }
}

/** The consent stored in the cookie, or undecided. */
function fromCookie(): ConsentState {
  const categories = readConsentCookie()?.categories
  return Array.isArray(categories) ? { decided: true, accepted: acceptedFrom(categories), dialogOpen: false } : UNDECIDED
}

export function getConsent(): ConsentState {
  return (state ??= fromCookie())
}

function publish(next: ConsentState) {
  state = next
  listeners.forEach((l) => l())
}

/** Records a decision (or, after ?setcookies, its reset) and tells every reader. */
export function setConsent(next: ConsentDecision) {
  publish({ decided: next.decided, accepted: next.accepted, dialogOpen: getConsent().dialogOpen })
}

/** Records whether the consent dialog or its settings are open (shared/consent, from the library's callbacks). */
export function setConsentDialogOpen(open: boolean) {
  const s = getConsent()
  if (s.dialogOpen !== open) publish({ ...s, dialogOpen: open })
}

function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function isAccepted(category: ConsentCategory, s: ConsentState = getConsent()): boolean {
  return s.accepted.includes(category)
}

/** The consent for a component: undecided on the server and in the first render, so hydration matches. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsent, () => UNDECIDED)
}

/** The consent cookie's revision (vanilla-cookieconsent asks again when the configured one differs); -1 without cookie. */
export function consentRevision(): number {
  const value = readConsentCookie()
  if (!value) return -1
  return typeof value.revision === 'number' ? value.revision : 0
}

const SETTINGS_EVENT = 'immo:cookie-settings'

/** Asks the consent helper to open the cookie settings (the footer's button, an embed's placeholder). */
export function openConsentSettings() {
  window.dispatchEvent(new Event(SETTINGS_EVENT))
}

/** The consent helper's side of openConsentSettings. */
export function onConsentSettings(open: () => void): () => void {
  window.addEventListener(SETTINGS_EVENT, open)
  return () => window.removeEventListener(SETTINGS_EVENT, open)
}

/** SPEC §2, §4: a path containing `preview` shows no cookie dialog (and no pop-up, which waits for it). */
export function isPreview(path: string): boolean {
  return path.split(/[?#]/)[0].toLowerCase().includes('preview')
}
