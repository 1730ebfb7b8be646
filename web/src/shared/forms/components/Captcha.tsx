import { useContext, useEffect, useRef } from 'react'
import type { Shell } from '../../../gen/pages'
import { useLang, useT } from '../../../lib/i18n'
import { PageContext } from '../../../lib/router'
import { FormKitContext } from './context'
import { CAPTCHA_PROVIDERS, loadCaptcha, type CaptchaConfig } from '../model/captcha'
import './captcha.css'

/** The page's third-party captcha, when the configuration names one (else ALTCHA). */
export function useCaptchaConfig(): CaptchaConfig | undefined {
  const page = useContext(PageContext)
  return (page?.props as { site?: Shell } | undefined)?.site?.captcha
}

export interface CaptchaProps {
  config: CaptchaConfig
  /** The provider's token, or null when it expired or failed. */
  onChange?(token: string | null): void
}

/**
 * A third-party captcha's element (`<div class="cf-turnstile"
 * data-sitekey=…>`, `h-captcha`, `g-recaptcha`), to put inside a
 * VisitorForm in place of ALTCHA. The server renders the empty element; in
 * the browser, its mount loads the provider's script (once per page) and
 * renders the widget into it, which adds the token field to the form.
 * After an answer of the server the widget is reset: a token serves once.
 * Without JavaScript no widget runs and the server refuses the post with
 * the captcha message (docs/ARCHITECTURE.md, "Spam").
 */
export function Captcha({ config, onChange }: CaptchaProps) {
  const box = useRef<HTMLDivElement>(null)
  const widget = useRef<{ reset(): void } | null>(null)
  const lang = useLang()
  const t = useT()
  const change = useRef(onChange)
  useEffect(() => {
    change.current = onChange
  })

  const { provider, siteKey, script } = config
  useEffect(() => {
    let cancelled = false
    let remove = () => {}
    loadCaptcha({ provider, siteKey, script }, lang)
      .then((api) => {
        const host = box.current
        if (cancelled || !host) return
        const inner = document.createElement('div') // the provider owns it; React keeps the box
        host.appendChild(inner)
        const id = api.render(inner, {
          sitekey: siteKey,
          ...(provider === 'turnstile' ? { language: lang } : provider === 'hcaptcha' ? { hl: lang } : {}),
          callback: (token: string) => change.current?.(token),
          'expired-callback': () => change.current?.(null),
          'error-callback': () => change.current?.(null),
        })
        widget.current = { reset: () => api.reset?.(id) }
        remove = () => {
          api.remove?.(id)
          inner.remove()
        }
      })
      .catch(() => {
        // No widget (offline, blocked): the post goes without a token and
        // the server answers with the captcha message.
      })
    return () => {
      cancelled = true
      widget.current = null
      remove()
    }
  }, [provider, siteKey, script, lang])

  // The form renews the token after each answer of the server: a token serves once.
  const registerProof = useContext(FormKitContext)?.registerProof
  useEffect(
    () =>
      registerProof?.({
        ready: () => Promise.resolve({}), // the provider's field is in the form already
        renew: () => {
          widget.current?.reset()
          change.current?.(null)
        },
      }),
    [registerProof],
  )

  return (
    <>
      <noscript>
        <p className="captcha-noscript">{t('captcha.noscript')}</p>
      </noscript>
      <div className={`captcha-box ${CAPTCHA_PROVIDERS[provider].className}`} data-sitekey={siteKey} ref={box} />
    </>
  )
}
