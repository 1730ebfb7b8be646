import './consent.css'
import { openConsentSettings } from '../../../lib/consent'
import { useT } from '../../../lib/i18n'

/** The footer's way back to the cookie settings (SPEC §2: cookie banner with settings). */
export function CookieSettingsButton() {
  const t = useT()
  return (
    <button type="button" className="link-button cookie-settings" onClick={openConsentSettings}>
      {t('consent.footerButton')}
    </button>
  )
}
