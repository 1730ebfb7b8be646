import { useEffect, useRef, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { SmartLink } from '../../../lib/ui/SmartLink'

/** The tour's host name, without URL (QuickJS has none): "my.matterport.com". */
export function hostOf(url: string): string {
  return /^https?:\/\/([^/?#:@\s]+)/i.exec(url)?.[1]?.toLowerCase() ?? ''
}

/**
 * The virtual tour: a frame of the tour's page, only after the visitor asks
 * for it (the tour is another site's: no request to it before), and a
 * direct link to it in a new tab.
 */
export function VirtualTour({ url, title }: { url: string; title: string }) {
  const t = useT()
  const [shown, setShown] = useState(false)
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (shown) frame.current?.focus()
  }, [shown])
  return (
    <section aria-labelledby="tour-title" className="property-section">
      <h2 id="tour-title">{t('property.virtualTour')}</h2>
      <div className="tour-box">
        {shown ? (
          <iframe
            ref={frame}
            className="tour-frame"
            src={url}
            title={t('property.tourFrame', { title })}
            loading="lazy"
            allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="tour-placeholder">
            <p>{t('property.tourNotice', { host: hostOf(url) })}</p>
            <button type="button" className="button" onClick={() => setShown(true)}>
              {t('property.showTour')}
            </button>
          </div>
        )}
      </div>
      <p className="tour-link">
        <SmartLink href={url} data-icon-end="external">
          {t('property.openTour')}
        </SmartLink>
      </p>
    </section>
  )
}
