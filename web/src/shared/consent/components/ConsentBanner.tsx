import { useT } from '../../../lib/i18n'
import { ServerMemo } from '../../../lib/memo/ServerMemo'
import { CONSENT_ASK_CLASS } from '../model/rules'

export interface ConsentBannerProps {
  policyUrl?: string
  onAcceptAll(): void
  onDeclineAll(): void
  onSettings(): void
  /** The visitor is about to act (a pointer over it, the focus in it): time to fetch the library. */
  onIntent(): void
}

/**
 * The first cookie dialog (SPEC §4), in every page's HTML so it paints with
 * the page: it shows only under CONSENT_ASK_CLASS on <html>, which the head's
 * script sets before the first paint for a visitor who has not chosen
 * (internal/http/web/assets, ConsentAskScript) and ConsentManager keeps or removes
 * after. The page is thus the same for every visitor and cached as such; the
 * dialog is fixed over the page, so it shifts nothing when it shows. Without
 * JavaScript it never shows: its buttons need the script.
 */
export function ConsentBanner({ policyUrl, onAcceptAll, onDeclineAll, onSettings, onIntent }: ConsentBannerProps) {
  const t = useT()
  return (
    // The same on every page of a language: the server renders it once (lib/memo).
    <ServerMemo
      as="div"
      part="consent-banner"
      deps={[policyUrl]}
      className="consent-banner"
      role="dialog"
      aria-labelledby="consent-banner-title"
      aria-describedby="consent-banner-text"
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <p id="consent-banner-title" className="consent-banner-title">
        {t('consent.title')}
      </p>
      <p id="consent-banner-text" className="consent-banner-text">
        {t('consent.description')}
      </p>
      {policyUrl && (
        <p className="consent-banner-policy">
          <a href={policyUrl}>{t('consent.policyLink')}</a>
        </p>
      )}
      {/* Last, and the settings button last in it: the dialog shows once that button is parsed (consent.css). */}
      <div className="consent-banner-buttons">
        <button type="button" className="button consent-banner-choice" onClick={onAcceptAll}>
          {t('consent.acceptAll')}
        </button>
        <button type="button" className="button consent-banner-choice" onClick={onDeclineAll}>
          {t('consent.declineAll')}
        </button>
        <button type="button" className="consent-banner-settings" onClick={onSettings}>
          {t('consent.settings')}
        </button>
      </div>
    </ServerMemo>
  )
}

/** Shows or hides the dialog (the class the head's script set). */
export function showConsentBanner(show: boolean) {
  document.documentElement.classList.toggle(CONSENT_ASK_CLASS, show)
}
