import type { CookieConsentConfig, Translation } from 'vanilla-cookieconsent'
import type { Consent } from '../../../gen/pages'
import { CONSENT_CATEGORIES, CONSENT_COOKIE } from '../../../lib/consent'
import type { TFn } from '../../../lib/i18n'

/** Text for the library's innerHTML: our translations are trusted, configured names are escaped. */
export function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * The dialog's texts in one language (our locales, consent.*): the first
 * dialog (agree all, decline all, change settings) and the settings with a
 * section per category naming its services' providers (decline, agree
 * partly, agree).
 */
export function translation(t: TFn, consent: Consent): Translation {
  const policy = consent.policyUrl ? `<a href="${escapeHTML(consent.policyUrl)}">${escapeHTML(t('consent.policyLink'))}</a>` : undefined
  return {
    consentModal: {
      label: t('consent.title'),
      title: t('consent.title'),
      description: escapeHTML(t('consent.description')),
      acceptAllBtn: t('consent.acceptAll'),
      acceptNecessaryBtn: t('consent.declineAll'),
      showPreferencesBtn: t('consent.settings'),
      footer: policy,
    },
    preferencesModal: {
      title: t('consent.settingsTitle'),
      acceptAllBtn: t('consent.accept'),
      acceptNecessaryBtn: t('consent.decline'),
      savePreferencesBtn: t('consent.acceptPartly'),
      closeIconLabel: t('consent.close'),
      serviceCounterLabel: t('consent.services'),
      sections: [
        { description: escapeHTML(t('consent.settingsIntro')) + (policy ? ` ${policy}` : '') },
        ...CONSENT_CATEGORIES.map((c) => {
          const providers = (consent.services ?? []).filter((s) => s.category === c).map((s) => s.provider)
          const list = providers.length ? `<br><small>${escapeHTML(providers.join(', '))}</small>` : ''
          return { title: t(`consent.category.${c}`), description: escapeHTML(t(`consent.categoryText.${c}`)) + list, linkedCategory: c }
        }),
      ],
    },
  }
}

/**
 * The library's configuration: opt-in, no automatic show (we decide when:
 * not on preview paths), the cookie's lifetime and revision from the
 * site's configuration, the five categories (necessary read-only), and not
 * hidden from automated browsers (the default hides it when
 * navigator.webdriver is set; crawlers mostly run no script).
 */
export function dialogConfig(consent: Consent, lang: string, translations: Record<string, () => Translation>, onDecision: (categories: string[]) => void, secure: boolean): CookieConsentConfig {
  return {
    mode: 'opt-in',
    autoShow: false,
    revision: consent.revision,
    manageScriptTags: false,
    hideFromBots: false,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: consent.cookieDays, sameSite: 'Lax', secure },
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom left', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    categories: Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, c === 'necessary' ? { enabled: true, readOnly: true } : {}])),
    language: { default: lang, translations },
    onFirstConsent: ({ cookie }) => onDecision(cookie.categories),
    onChange: ({ cookie }) => onDecision(cookie.categories),
  }
}
