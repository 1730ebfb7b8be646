import type { ZoneChoice } from './types'

/** What the zones' map draws and how it ticks the form's boxes. */
export interface ZoneMapOptions {
  zones: ZoneChoice[]
  /** The tile URL template ('' none: the polygons alone) and its credit. */
  tiles: string
  attribution: string
  isChosen(id: string): boolean
  toggle(id: string): void
  /** Calls back when the boxes change; returns the unsubscription. */
  onChange(fn: () => void): () => void
}

type ZoneMapModule = { drawZoneMap(el: HTMLElement, o: ZoneMapOptions): () => void }

/** Leaflet's chunk, in the browser only (the server renders the list alone). */
export const loadZoneMap: () => Promise<ZoneMapModule> = import.meta.env.SSR
  ? () => Promise.reject(new Error('no map on the server'))
  : () => import('./zonemap')
