import { useMemo, useRef } from 'react'
import { useLang, useT } from '../../../lib/i18n'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { useInView } from '../../../lib/ui/useInView'
import { FrameOnRequest } from './FrameOnRequest'
import { MapFrame } from '../../../shared/map'
import type { PropertyMapView } from '../model/types'

/**
 * A published address on the site's own map frame (/map-frame/, one marker
 * that links nowhere: it is on its page) and in Google Street View. The
 * frame is no part of the server's HTML: it replaces the link to
 * OpenStreetMap (the page without JavaScript keeps that) once the box comes
 * near the viewport.
 */
export function PropertyMap({ map, mapHref, title }: { map: PropertyMapView; mapHref: string; title: string }) {
  const t = useT()
  const lang = useLang()
  const box = useRef<HTMLDivElement>(null)
  const near = useInView(box)
  const markers = useMemo(() => [map.marker], [map.marker])
  return (
    <>
      <div className="property-map">
        <h3>{t('property.mapTitle')}</h3>
        <div ref={box} className="property-map-box" data-loaded={near || undefined}>
          {near ? (
            <MapFrame markers={markers} lang={lang} title={t('property.mapFrame', { title })} />
          ) : (
            <SmartLink href={mapHref} className="button button-outline" data-icon-end="external">
              {t('property.viewOnMap')}
            </SmartLink>
          )}
        </div>
      </div>
      <StreetView embed={map.streetView.embed} link={map.streetView.link} title={title} />
    </>
  )
}

/**
 * Street view: with the site's key, Google's frame, loaded only when the
 * visitor asks (Google's page, like the virtual tour's: no request to it
 * before); always the link that opens it in Google Maps in a new tab.
 */
function StreetView({ embed, link, title }: { embed?: string; link: string; title: string }) {
  const t = useT()
  return (
    <div className="property-streetview">
      <h3>{t('property.streetView')}</h3>
      {embed && (
        <FrameOnRequest
          src={embed}
          title={t('property.streetViewFrame', { title })}
          notice={t('property.streetViewNotice')}
          button={t('property.showStreetView')}
          referrerPolicy="no-referrer-when-downgrade"
        />
      )}
      <p className={embed ? 'tour-link' : undefined}>
        <SmartLink href={link} className={embed ? undefined : 'button button-outline'} data-icon-end="external">
          {t('property.openStreetView')}
        </SmartLink>
      </p>
    </div>
  )
}
