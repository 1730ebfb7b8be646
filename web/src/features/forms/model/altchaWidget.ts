// The ALTCHA widget, in its own chunk (see loadAltcha). We take the
// package's "external" build: its SHA worker is a file of our own origin
// (Vite's ?worker: /assets/sha-….js, allowed by the CSP's worker-src
// 'self'), not the default build's blob: worker, and its stylesheet is
// added here, only on pages holding a form.
import 'altcha/external'
import ShaWorker from 'altcha/workers/sha?worker'
import css from 'altcha/altcha.css?inline'
import type { AltchaModule, MountOptions } from './altcha'

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
  const onState = (e: Event) => {
    const { payload, state } = (e as CustomEvent<{ payload?: string; state: string }>).detail
    o.onChange(state === 'verified' && payload ? payload : null)
  }
  widget.addEventListener('statechange', onState)
  host.append(widget)
  return {
    destroy() {
      widget.removeEventListener('statechange', onState)
      widget.remove()
    },
  }
}
