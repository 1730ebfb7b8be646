/** One property of a map (route.Marker): every property the list's filters match that has a position. */
export type { Marker } from '../../../gen/pages'
