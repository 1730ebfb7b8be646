import { Link } from '../../../lib/router'
import { useT } from '../../../lib/i18n'
import type { VisitCancelProps } from '../model/types'
import './visit.css'

/**
 * The page a visit's cancel link opens: the visit and a button that posts
 * the link's token to this same address (a plain form, with or without
 * JavaScript); then that it is cancelled, or that the link is unknown or
 * used already, or that cancelling failed (the button again).
 */
export function VisitCancelPage({ state, token, when, propertyTitle, propertyUrl, site }: VisitCancelProps) {
  const t = useT()
  const ask = state === 'confirm' || state === 'failed'
  return (
    <div className="page thank-you visit-cancel">
      <div className="container">
        <div className="thank-you-card visit-cancel-card">
          <h1>{t('visit.cancel.title')}</h1>
          {state === 'failed' && (
            <p className="vf-summary" role="alert">
              {t('visit.cancel.failed')}
            </p>
          )}
          {state === 'unknown' && <p role="status">{t('visit.cancel.unknown')}</p>}
          {state === 'done' && <p role="status">{t('visit.cancel.done')}</p>}
          {state === 'confirm' && <p>{t('visit.cancel.intro')}</p>}
          {when && (
            <dl>
              <dt>{t('visit.cancel.when')}</dt>
              <dd>{when}</dd>
              {propertyTitle && (
                <>
                  <dt>{t('visit.cancel.property')}</dt>
                  <dd>{propertyUrl ? <Link href={propertyUrl}>{propertyTitle}</Link> : propertyTitle}</dd>
                </>
              )}
            </dl>
          )}
          {ask && token && (
            <form method="post">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="button">
                {t('visit.cancel.button')}
              </button>
            </form>
          )}
          <p>
            {propertyUrl && state !== 'confirm' ? (
              <Link href={propertyUrl} className="button">
                {t('visit.cancel.back')}
              </Link>
            ) : (
              <Link href={site.links.home}>{t('visit.cancel.home')}</Link>
            )}
          </p>
        </div>
      </div>
    </div>
  )
}
