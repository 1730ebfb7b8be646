import { useEffect, useMemo, useRef } from 'react'
import { type Lang, useT } from '../../../lib/i18n'
import { usePage } from '../../../lib/router'
import type { BaseProps } from '../../../lib/site/types'
import { ConsentGate } from '../../../lib/ui/ConsentGate'
import { buildMapMessage, MAP_MESSAGE_DELAY, MAP_READY, mapFrameSrc, type MapOptions } from '../model/message'
import type { Marker } from '../model/types'
import './map.css'

export interface MapFrameProps extends MapOptions {
  markers: Marker[] | null | undefined
  lang: Lang
  /** The frame's title; the list's map of the properties by default. */
  title?: string
}

/** Whether the frame shows its own page already (it may have loaded before hydration). */
function loaded(frame: HTMLIFrameElement): boolean {
  try {
    const doc = frame.contentDocument
    return !!doc && doc.readyState === 'complete' && doc.URL !== 'about:blank'
  } catch {
    return false
  }
}

/**
 * The map: our own page (/map-frame/, a separate light bundle with Leaflet)
 * in a frame. 50 ms after the frame has loaded (or says it listens), and
 * whenever the markers change, it is posted the message of SPEC §2 for this
 * origin only.
 */
export function MapFrame(props: MapFrameProps) {
  // Tiles of a third-party host (IMMO_MAP_TILES) wait for consent (SPEC §4).
  const tiles = usePage<Partial<BaseProps>>().props.site?.consent?.services?.find((s) => s.id === 'mapTiles')
  if (!tiles) return <LoadedMapFrame {...props} />
  return (
    <ConsentGate category="unclassified" provider={tiles.provider} className="map-frame">
      {() => <LoadedMapFrame {...props} />}
    </ConsentGate>
  )
}

function LoadedMapFrame({ markers, lang, mapType, customMarker, title }: MapFrameProps) {
  const t = useT()
  const ref = useRef<HTMLIFrameElement>(null)
  const message = useMemo(() => buildMapMessage(markers, lang, t, { mapType, customMarker }), [markers, lang, t, mapType, customMarker])

  useEffect(() => {
    const frame = ref.current
    if (!frame) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const send = () => {
      clearTimeout(timer)
      timer = setTimeout(() => frame.contentWindow?.postMessage(message, window.location.origin), MAP_MESSAGE_DELAY)
    }
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && e.source === frame.contentWindow && (e.data as { type?: unknown } | null)?.type === MAP_READY) send()
    }
    frame.addEventListener('load', send)
    window.addEventListener('message', onMessage)
    if (loaded(frame)) send()
    return () => {
      clearTimeout(timer)
      frame.removeEventListener('load', send)
      window.removeEventListener('message', onMessage)
    }
  }, [message])

  return (
    <>
      <iframe ref={ref} className="map-frame" src={mapFrameSrc(lang)} title={title ?? t('map.title')} />
      {/* Without JavaScript the map cannot draw: an empty grey box gives way to a word of why. */}
      <noscript>
        <style>{'.map-frame{display:none}'}</style>
        <p className="map-noscript">{t('map.noScript')}</p>
      </noscript>
    </>
  )
}
