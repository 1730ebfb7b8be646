// The ALTCHA widget, in its own chunk (see loadAltcha). We take the
// package's "external" build: its SHA worker is a file of our own origin
// (Vite's ?worker: /assets/sha-….js, allowed by the CSP's worker-src
// 'self'), not the default build's blob: worker, and its stylesheet is
// added here, only on pages holding a form.
import 'altcha/external'
import ShaWorker from 'altcha/workers/sha?worker'
import css from 'altcha/altcha.css?inline'
import type { State, WidgetMethods } from 'altcha/types'
import type { AltchaModule, MountOptions } from '.'

$altcha.algorithms.set('SHA-256', () => new ShaWorker())

const STYLE_ID = 'altcha-css'

function addStyle() {
  if (document.getElementById(STYLE_ID)) return
  const style = document.createElement('style')
  style.id = STYLE_ID
  style.textContent = css
  document.head.append(style)
}

export const mountAltcha: AltchaModule['mountAltcha'] = (host: HTMLElement, o: MountOptions) => {
  addStyle()
  // Our words for the page's language, over the widget's English ones
  // (the texts we do not use: code challenges, the footer).
  $altcha.i18n.set(o.lang, { ...$altcha.i18n.get('en'), ...o.strings })
  const widget = document.createElement('altcha-widget')
  widget.setAttribute('challenge', o.challengeUrl)
  widget.setAttribute('name', o.name)
  widget.setAttribute('language', o.lang)
  // Solve when the visitor starts filling in the form: done by the submit.
  widget.setAttribute('auto', 'onfocus')
  // An attribute, not configure(): the element's methods exist only once
  // it is connected and set up.
  widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }))
  let payload: string | null = null
  const onState = (e: Event) => {
    const d = (e as CustomEvent<{ payload?: string; state: string }>).detail
    payload = d.state === 'verified' && d.payload ? d.payload : null
    o.onChange(payload)
  }
  widget.addEventListener('statechange', onState)
  // The element sets itself up a microtask after it is connected: its methods (WidgetMethods) exist from its "load".
  const setUp = new Promise<void>((resolve) => widget.addEventListener('load', () => resolve(), { once: true }))
  host.append(widget)
  const el = widget as HTMLElement & Partial<WidgetMethods>
  return {
    destroy() {
      widget.removeEventListener('statechange', onState)
      widget.remove()
    },
    reset(error) {
      payload = null
      el.reset?.()
      // The error state shows the text in the widget (reset's own error
      // argument is cleared by the state change it makes); its checkbox
      // verifies again, and so does the form's next send.
      if (error) el.setState?.('error' as State, error)
    },
    async verify() {
      // Within the task it was connected in, or never (its setup failed): then the post goes without a proof, as without JavaScript.
      if (!el.verify) await Promise.race([setUp, new Promise((resolve) => setTimeout(resolve, 0))])
      if (payload) return payload
      if (el.getState?.() === ('verifying' as State)) await settled(widget)
      if (payload) return payload
      const result = await el.verify?.().catch(() => null)
      return result?.payload ?? payload
    },
  }
}

/** Resolves at the widget's next state other than verifying. */
function settled(widget: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const on = (e: Event) => {
      if ((e as CustomEvent<{ state: string }>).detail.state === 'verifying') return
      widget.removeEventListener('statechange', on)
      resolve()
    }
    widget.addEventListener('statechange', on)
  })
}
