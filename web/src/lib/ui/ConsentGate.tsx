import { useState, type ReactNode } from 'react'
import { isAccepted, openConsentSettings, useConsent, type ConsentCategory } from '../consent'
import { useT } from '../i18n'
import './consentGate.css'

/**
 * Another company's content that may set cookies (a video player, street
 * view, a virtual tour, third-party map tiles): shown at once when its
 * category is accepted; until then a placeholder naming the provider, with
 * a button that loads it this once and a way to the cookie settings. No
 * request reaches the provider before either.
 */
export function ConsentGate({ category, provider, children, className }: { category: ConsentCategory; provider: string; children: (clicked: boolean) => ReactNode; className?: string }) {
  const t = useT()
  const consent = useConsent()
  const [clicked, setClicked] = useState(false)
  if (clicked || isAccepted(category, consent)) return <>{children(clicked)}</>
  const name = t(`consent.category.${category}`)
  return (
    <div className={`consent-gate ${className ?? ''}`} data-consent-gate={category}>
      <p>{t('consent.embed.notice', { provider, category: name })}</p>
      <p className="consent-gate-actions">
        <button type="button" className="button" onClick={() => setClicked(true)}>
          {t('consent.embed.load', { provider })}
        </button>
        <button type="button" className="link-button" onClick={openConsentSettings}>
          {t('consent.footerButton')}
        </button>
      </p>
    </div>
  )
}
