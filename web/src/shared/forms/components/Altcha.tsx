import { useContext, useEffect, useRef } from 'react'
import { useLang, useT } from '../../../lib/i18n'
import { ALTCHA_CHALLENGE_URL, ALTCHA_FIELD, altchaStrings, loadAltcha, type MountedAltcha } from '../model/altcha'
import { Captcha, useCaptchaConfig } from './Captcha'
import { FormKitContext } from './context'
import './altcha.css'

export interface AltchaProps {
  /** The verified payload, or null (reset, expired, failed): for a form
   * that keeps its values in state. The payload is also the form's field
   * `altcha` (the widget's hidden input), for a form posted as it is. */
  onChange?(payload: string | null): void
}

/**
 * The forms' anti-spam widget: ALTCHA (below), or the third-party captcha
 * the site's configuration names instead (Captcha).
 */
export function Altcha({ onChange }: AltchaProps) {
  const captcha = useCaptchaConfig()
  return captcha ? <Captcha config={captcha} onChange={onChange} /> : <AltchaWidget onChange={onChange} />
}

/**
 * ALTCHA's proof of work against our own /api/altcha, to put inside a
 * VisitorForm (which renders the honeypot). The server renders an empty
 * box; the browser loads the widget (its own chunk, ~33 KB gzip) and mounts
 * it there when the visitor first turns to the form — the focus or a pointer
 * in it — or when the form posts, never for a page only read. Without
 * JavaScript no widget shows and the post goes without a payload: the
 * honeypot and the per-IP limit guard it (docs/ARCHITECTURE.md).
 */
function AltchaWidget({ onChange }: AltchaProps) {
  const box = useRef<HTMLDivElement>(null)
  const lang = useLang()
  const t = useT()
  const change = useRef(onChange)
  useEffect(() => {
    change.current = onChange
  })
  const registerProof = useContext(FormKitContext)?.registerProof

  useEffect(() => {
    let mounted: MountedAltcha | null = null
    let loading: Promise<MountedAltcha | null> | null = null
    let cancelled = false
    const load = () =>
      (loading ??= loadAltcha()
        .then((m) => {
          if (cancelled || !box.current) return null
          mounted = m.mountAltcha(box.current, {
            challengeUrl: ALTCHA_CHALLENGE_URL,
            name: ALTCHA_FIELD,
            lang,
            strings: altchaStrings(t),
            onChange: (p) => change.current?.(p),
          })
          // The widget solves on the form's next focus; the visitor may already be in it, typing the last
          // field while the widget's code came: solve now, not at the submit.
          if (box.current.closest('form')?.contains(document.activeElement)) void mounted.verify()
          return mounted
        })
        .catch(() => {
          // No widget (offline, a blocked chunk): the post goes without a
          // payload and the server answers as for a browser without JavaScript.
          return null
        }))
    const unregister = registerProof?.({
      ready: async (): Promise<Record<string, string>> => {
        const payload = await (await load())?.verify()
        return payload ? { [ALTCHA_FIELD]: payload } : {}
      },
      renew: (errorKey) => mounted?.reset(errorKey ? t(errorKey) : undefined),
    })
    // The visitor turns to the form: its fields or buttons take the focus or a pointer.
    const form = box.current?.closest('form') ?? box.current
    const start = () => void load()
    form?.addEventListener('focusin', start, { once: true })
    form?.addEventListener('pointerdown', start, { once: true })
    if (form?.contains(document.activeElement)) start()
    return () => {
      cancelled = true
      form?.removeEventListener('focusin', start)
      form?.removeEventListener('pointerdown', start)
      mounted?.destroy()
      unregister?.()
    }
  }, [lang, t, registerProof])

  return (
    <div className="altcha-box" ref={box} />
  )
}
