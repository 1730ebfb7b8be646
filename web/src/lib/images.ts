// Picture addresses at the size a place needs (SPEC §7): the site's picture
// server and the picture CDN take ?width=W&height=auto[&format=webp] and
// answer the nearest stored width at or above (100, 400, 600, 800, 1360, 1920;
// docs/ARCHITECTURE.md "Pictures"). Without format the answer is a JPEG.
//
// Each place a picture is shown is a use with its widths and usual sizes:
//
//   thumb   100 (400 for 2× screens)   gallery thumbnails
//   card    400 / 600                  property cards
//   detail  1360 (600, 800 phones, 1920) the property gallery
//   banner  1920 (600 phones, 1360)    the home banner
//
// "format=webp where the browser takes it": responsive() gives a WebP
// srcset for <source type="image/webp"> and a JPEG src/srcset for the <img>
// inside the same <picture>, so a browser without WebP gets JPEG.

import { PICTURE, SHELL } from '../gen/breakpoints'

/** The variant widths, narrowest first. */
// 800 is ours, not SPEC §7's (the CDN answers it with 1360): a phone's gallery.
export const WIDTHS = [100, 400, 600, 800, 1360, 1920] as const
export type Width = (typeof WIDTHS)[number]

export type Format = 'webp' | 'jpeg'

/** The MIME type of the WebP <source>. */
export const WEBP_TYPE = 'image/webp'

/** Where a picture is shown. */
export type ImageUse = 'thumb' | 'card' | 'detail' | 'banner'

export interface UseSpec {
  /** The width of the plain src (the fallback when srcset is not understood). */
  src: Width
  /** The widths offered in srcset. */
  widths: readonly Width[]
  /** The sizes attribute for the usual layout. */
  sizes: string
}

/**
 * The sizes follow the layout, so they name the page shell's breakpoints
 * (gen/breakpoints.ts, as the CSS does); the one choice of a picture width by
 * device class, the banner's 600 px on phones (SPEC §9), uses the helper's
 * reading (mobile up to 767 px), as the seed did.
 */
export const USES: Readonly<Record<ImageUse, UseSpec>> = {
  thumb: { src: 100, widths: [100, 400], sizes: '100px' },
  card: { src: 400, widths: [400, 600], sizes: `(min-width: ${SHELL.desktop}px) 280px, (min-width: ${SHELL.tablet}px) 45vw, 100vw` },
  detail: { src: 1360, widths: [600, 800, 1360, 1920], sizes: `(min-width: ${SHELL.desktop}px) 1152px, 100vw` },
  banner: { src: 1920, widths: [600, 1360, 1920], sizes: `(max-width: ${PICTURE.mobileMax}px) 600px, 100vw` },
}

/** Addresses the picture server cannot resize: none, inline data. */
function unsized(url: string): boolean {
  return !url || /^(data|blob):/i.test(url)
}

/**
 * url asking for a picture width pixels wide, WebP unless format is 'jpeg';
 * pictures without variants (the PNG logo) are served as they are.
 */
export function sized(url: string, width: number, format: Format = 'webp'): string {
  if (unsized(url)) return url
  return `${url}${url.includes('?') ? '&' : '?'}width=${width}&height=auto${format === 'webp' ? '&format=webp' : ''}`
}

/** A srcset of url at the given widths ("… 400w, … 600w"), WebP unless format is 'jpeg'. */
export function srcSet(url: string, widths: readonly number[], format: Format = 'webp'): string {
  if (unsized(url)) return ''
  return widths.map((w) => `${sized(url, w, format)} ${w}w`).join(', ')
}

/** The attributes of a <picture>: a WebP <source> and a JPEG <img>. */
export interface Responsive {
  /** For <source type="image/webp" srcSet sizes>. */
  webp: { type: typeof WEBP_TYPE; srcSet: string; sizes: string }
  /** For the <img>: JPEG, so that a browser without WebP still shows it. */
  img: { src: string; srcSet: string; sizes: string }
}

/** The sources of url shown as use; sizes overrides the use's usual sizes (a full-screen gallery: 100vw). */
export function responsive(url: string, use: ImageUse, sizes?: string): Responsive {
  const spec = USES[use]
  const s = sizes ?? spec.sizes
  return {
    webp: { type: WEBP_TYPE, srcSet: srcSet(url, spec.widths, 'webp'), sizes: s },
    img: { src: sized(url, spec.src, 'jpeg'), srcSet: srcSet(url, spec.widths, 'jpeg'), sizes: s },
  }
}

/** The img attributes of url shown as use, WebP only (where a <picture> is not wanted). */
export function imageAttrs(url: string, use: ImageUse, sizes?: string): { src: string; srcSet: string; sizes: string } {
  const spec = USES[use]
  return { src: sized(url, spec.src), srcSet: srcSet(url, spec.widths), sizes: sizes ?? spec.sizes }
}
