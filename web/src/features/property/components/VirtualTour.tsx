import { useT } from '../../../lib/i18n'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { FrameOnRequest } from './FrameOnRequest'
import { PropertySection } from './PropertySection'

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
  return (
    <PropertySection id="tour" title={t('property.virtualTour')}>
      <FrameOnRequest
        src={url}
        title={t('property.tourFrame', { title })}
        notice={t('property.tourNotice', { host: hostOf(url) })}
        button={t('property.showTour')}
        allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      <p className="tour-link">
        <SmartLink href={url} data-icon-end="external">
          {t('property.openTour')}
        </SmartLink>
      </p>
    </PropertySection>
  )
}
