// A third-party captcha chosen by the site's configuration (Go's
// internal/adapter/captcha), shown by the forms kit instead of ALTCHA: the page's
// shell says which provider, its site key and script. The script is loaded
// here, on demand, only once a captcha element is mounted (a form on the
// page), and once per page (SPEC §7).
import type { Captcha } from '../../../gen/pages'

export type CaptchaConfig = Captcha
export type CaptchaProvider = Captcha['provider']

/** What the browser needs of each provider: the class of its element (the
 * providers' convention) and the global its script defines. */
export const CAPTCHA_PROVIDERS: Record<CaptchaProvider, { className: string; global: string }> = {
  turnstile: { className: 'cf-turnstile', global: 'turnstile' },
  hcaptcha: { className: 'h-captcha', global: 'hcaptcha' },
  recaptcha: { className: 'g-recaptcha', global: 'grecaptcha' },
}

/** The part of the providers' APIs we use: render explicitly, reset, remove. */
export interface CaptchaApi {
  render(host: HTMLElement, params: Record<string, unknown>): string | number
  reset?(id?: string | number): void
  remove?(id?: string | number): void
}

/** The callback the script calls once its API is ready (its onload parameter). */
export const CAPTCHA_ONLOAD = '__immoCaptchaReady'

const loading = new Map<string, Promise<CaptchaApi>>()

/**
 * Loads the provider's script once per page (later calls share the first
 * promise) and resolves with its API when the script says it is ready. The
 * script element is created by our bundle: the page's CSP trusts it through
 * 'strict-dynamic'. Only in the browser; a load failure may be retried.
 */
export function loadCaptcha(config: CaptchaConfig, lang: string): Promise<CaptchaApi> {
  const known = loading.get(config.script)
  if (known) return known
  const global = CAPTCHA_PROVIDERS[config.provider].global
  const p = new Promise<CaptchaApi>((resolve, reject) => {
    const w = window as unknown as Record<string, unknown>
    w[CAPTCHA_ONLOAD] = () => {
      const api = w[global] as CaptchaApi | undefined
      if (api && typeof api.render === 'function') resolve(api)
      else reject(new Error(`captcha: no ${global} API`))
    }
    const url = new URL(config.script, window.location.href)
    url.searchParams.set('onload', CAPTCHA_ONLOAD)
    if (config.provider === 'recaptcha') url.searchParams.set('hl', lang) // its widget's language is the script's
    const script = document.createElement('script')
    script.src = url.toString()
    script.async = true
    script.onerror = () => {
      loading.delete(config.script)
      script.remove()
      reject(new Error('captcha: the script did not load'))
    }
    document.head.appendChild(script)
  })
  loading.set(config.script, p)
  return p
}

/** Forgets the loaded scripts (tests). */
export function resetCaptchaLoader() {
  loading.clear()
}
