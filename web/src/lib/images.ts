// Picture addresses at the size a place needs (SPEC §7): the site's picture
// server and the picture CDN take ?width=W&height=auto&format=webp and answer
// the nearest stored width at or above (100, 400, 600, 1360, 1920).

/** The variant widths, narrowest first. */
export const WIDTHS = [100, 400, 600, 1360, 1920] as const

/** url asking for a WebP width pixels wide; pictures without variants (the logo) ignore it. */
export function sized(url: string, width: number): string {
  if (!url) return url
  return `${url}${url.includes('?') ? '&' : '?'}width=${width}&height=auto&format=webp`
}

/** A srcset of url at the given widths. */
export function srcSet(url: string, widths: readonly number[]): string {
  return widths.map((w) => `${sized(url, w)} ${w}w`).join(', ')
}
