import { videoOf, type Video } from '../../../lib/video'
import type { BannerType, BannerView } from './types'

/** SPEC §9: banner pictures are 600 pixels wide on phones, 1920 on desktops; thumbnails 400. */
export const BANNER_WIDTH_MOBILE = 600
export const BANNER_WIDTH_DESKTOP = 1920
export const BANNER_THUMB_WIDTH = 400
/** Below this width the mobile picture is used (the page shell's mobile breakpoint, SPEC §9). */
export const MOBILE_MAX_WIDTH = 767
/** SPEC §9: the slider fades in 500 ms; each picture shows this long. */
export const FADE_MS = 500
export const SLIDE_MS = 5000

export type ResolvedBanner =
  | { kind: 'image'; image: string }
  | { kind: 'gallery'; image: string; images: string[] }
  | { kind: 'video'; image: string; video: Video }
  | { kind: 'properties'; image: string }
  | { kind: 'projects'; image: string }

/**
 * What the banner shows. Each kind falls back to the image when it has
 * nothing to show (SPEC §2: a properties banner without properties; here
 * too a gallery without pictures, a link that is not a video by the §5
 * rules, a projects banner without projects, an unknown kind).
 */
export function resolveBanner(b: BannerView): ResolvedBanner {
  const image = b.image || b.images?.find(Boolean) || ''
  const kind = b.type as BannerType
  switch (kind) {
    case 'gallery': {
      const images = (b.images ?? []).filter(Boolean)
      if (images.length > 1) return { kind, image: images[0], images }
      return { kind: 'image', image: images[0] || image }
    }
    case 'video': {
      const video = videoOf(b.video)
      return video ? { kind, image, video } : { kind: 'image', image }
    }
    case 'properties':
      return (b.properties?.length ?? 0) > 0 ? { kind, image } : { kind: 'image', image }
    case 'projects':
      return (b.projects?.length ?? 0) > 0 ? { kind, image } : { kind: 'image', image }
    default:
      return { kind: 'image', image }
  }
}

/** The search block text with {{forSale}} and {{forRent}} filled in (Go fills them; this covers text that still has them). */
export function fillTotals(s: string | undefined, forSale: number, forRent: number): string {
  if (!s) return ''
  return s.replace(/\{\{\s*(forSale|forRent)\s*\}\}/g, (_, k: string) => String(k === 'forSale' ? forSale : forRent))
}
