import { sized, WEBP_TYPE } from '../../../lib/images'
import { BANNER_WIDTH_DESKTOP, BANNER_WIDTH_MOBILE, MOBILE_MAX_WIDTH } from '../model/banner'

/** The banner picture's intrinsic size (the demo banner is 1920×800; CSS crops it to the banner's height). */
export const BANNER_W = 1920
export const BANNER_H = 800

const MOBILE = `(max-width: ${MOBILE_MAX_WIDTH}px)`

/**
 * A banner picture: 600 pixels wide on phones, 1920 elsewhere (SPEC §9), WebP
 * where the browser takes it, JPEG otherwise (lib/images). The first picture
 * is the page's largest element: it loads at once with high priority; others
 * load lazily.
 */
export function BannerPicture({ src, alt = '', altLang, priority = true, className = 'banner-image' }: { src: string; alt?: string; altLang?: string; priority?: boolean; className?: string }) {
  return (
    <picture>
      <source media={MOBILE} type={WEBP_TYPE} srcSet={sized(src, BANNER_WIDTH_MOBILE, 'webp')} />
      <source type={WEBP_TYPE} srcSet={sized(src, BANNER_WIDTH_DESKTOP, 'webp')} />
      <source media={MOBILE} srcSet={sized(src, BANNER_WIDTH_MOBILE, 'jpeg')} />
      <img
        className={className}
        src={sized(src, BANNER_WIDTH_DESKTOP, 'jpeg')}
        alt={alt}
        lang={alt ? altLang : undefined}
        width={BANNER_W}
        height={BANNER_H}
        fetchPriority={priority ? 'high' : undefined}
        loading={priority ? undefined : 'lazy'}
        decoding={priority ? undefined : 'async'}
      />
    </picture>
  )
}
