import * as CookieConsent from 'vanilla-cookieconsent'
import 'vanilla-cookieconsent/dist/cookieconsent.css'
import type { Consent } from '../../../gen/pages'
import { setConsentDialogOpen } from '../../../lib/consent'
import { LANGUAGES, tFor, type Lang } from '../../../lib/i18n'
import { dialogConfig, translation } from './dialogConfig'
import './dialog.css'

/**
 * The library, loaded only when the dialog must show or the settings are
 * opened (this module is imported lazily: it keeps ~13 KB gzip of script
 * and style off every first load).
 */
let running: Promise<void> | undefined

export async function openDialog(which: 'consent' | 'preferences', consent: Consent, lang: Lang, onDecision: (categories: string[]) => void) {
  if (!running) {
    const translations = Object.fromEntries(LANGUAGES.map((l) => [l, () => translation(tFor(l), consent)]))
    // Which of the library's two modals (the dialog, its settings) are open: the pop-up reads it in lib/consent.
    const open = new Set<string>()
    const tell = () => setConsentDialogOpen(open.size > 0)
    running = CookieConsent.run({
      ...dialogConfig(consent, lang, translations, onDecision, window.location.protocol === 'https:'),
      onModalShow: ({ modalName }) => {
        open.add(modalName)
        tell()
      },
      onModalHide: ({ modalName }) => {
        open.delete(modalName)
        tell()
      },
    })
  }
  await running
  await CookieConsent.setLanguage(lang)
  if (which === 'preferences') CookieConsent.showPreferences()
  else CookieConsent.show(true)
}
