// The forms' spam challenge (ALTCHA, self-hosted): what the component
// needs without loading the widget. The widget itself (lib/altcha/widget.ts)
// is its own chunk, loaded by loadAltcha on pages that hold a form.
import type { TFn } from '../i18n'

/** Where the widget fetches a challenge: Go's internal/http/httpapi. */
export const ALTCHA_CHALLENGE_URL = '/api/altcha'

/** The form field the widget posts its payload in (Go's altcha.FieldName). */
export const ALTCHA_FIELD = 'altcha'


/** The widget's texts we show, from forms.json (forms.altcha.*). */
export const ALTCHA_STRING_KEYS = ['error', 'expired', 'label', 'loading', 'reload', 'verificationRequired', 'verified', 'verify', 'verifying', 'waitAlert'] as const

export type AltchaStrings = Record<(typeof ALTCHA_STRING_KEYS)[number], string>

export function altchaStrings(t: TFn): AltchaStrings {
  return Object.fromEntries(ALTCHA_STRING_KEYS.map((k) => [k, t(`forms.altcha.${k}`)])) as AltchaStrings
}

export interface MountOptions {
  challengeUrl: string
  name: string
  lang: string
  strings: AltchaStrings
  /** The payload once verified; null when reset, expired or failed. */
  onChange(payload: string | null): void
}

/** A mounted widget. */
export interface MountedAltcha {
  destroy(): void
  /** Back to unverified (a fresh challenge on the next focus or verify); with error, that text shown on the widget. */
  reset(error?: string): void
  /** The payload: the current one when verified, else a new proof solved now; null when solving failed. */
  verify(): Promise<string | null>
}

/** The lazily loaded module (lib/altcha/widget.ts). */
export interface AltchaModule {
  mountAltcha(host: HTMLElement, options: MountOptions): MountedAltcha
}

/**
 * Loads the widget in its own chunk, in the browser only: the server bundle
 * is built with import.meta.env.SSR = true, so esbuild drops the import
 * (no custom elements nor workers in QuickJS). Keep it a conditional
 * expression, as shared/gallery's loadSlider.
 */
export const loadAltcha: () => Promise<AltchaModule> = import.meta.env.SSR
  ? () => Promise.reject(new Error('no ALTCHA widget on the server'))
  : () => import('./widget')
