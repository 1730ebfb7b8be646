import * as CookieConsent from 'vanilla-cookieconsent'
import 'vanilla-cookieconsent/dist/cookieconsent.css'
import type { Consent } from '../../../gen/pages'
import { LANGUAGES, tFor, type Lang } from '../../../lib/i18n'
import { dialogConfig, translation } from './dialogConfig'
import './dialog.css'

/**
 * The library, loaded only when the visitor acts on the first dialog (our
 * own, server-rendered: ConsentBanner) or opens the settings (this module
 * is imported lazily: it keeps ~13 KB gzip of script and style off every
 * first load). It stores the choice in its cookie and shows the settings.
 */
let running: Promise<void> | undefined

export interface DialogHooks {
  /** A choice made: the accepted categories. */
  onDecision(categories: string[]): void
  /** Whether the library's settings are open (the pop-up waits for them to close). */
  onOpenChange(open: boolean): void
}

async function run(consent: Consent, lang: Lang, hooks: DialogHooks) {
  if (!running) {
    const translations = Object.fromEntries(LANGUAGES.map((l) => [l, () => translation(tFor(l), consent)]))
    const open = new Set<string>()
    running = CookieConsent.run({
      ...dialogConfig(consent, lang, translations, hooks.onDecision, window.location.protocol === 'https:'),
      onModalShow: ({ modalName }) => {
        open.add(modalName)
        hooks.onOpenChange(open.size > 0)
      },
      onModalHide: ({ modalName }) => {
        open.delete(modalName)
        hooks.onOpenChange(open.size > 0)
      },
    })
  }
  await running
  await CookieConsent.setLanguage(lang)
}

/** Shows the library's settings (a category each). */
export async function openPreferences(consent: Consent, lang: Lang, hooks: DialogHooks) {
  await run(consent, lang, hooks)
  CookieConsent.showPreferences()
}

/** The first dialog's "agree all" (all) or "decline all" (necessary only), stored by the library. */
export async function decideAll(consent: Consent, lang: Lang, hooks: DialogHooks, all: boolean) {
  await run(consent, lang, hooks)
  CookieConsent.acceptCategory(all ? 'all' : [])
}
