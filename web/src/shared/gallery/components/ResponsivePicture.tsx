import { responsive, type ImageUse } from '../../../lib/images'

export interface ResponsivePictureProps {
  url: string
  use: ImageUse
  alt: string
  /** The picture's own size: the box is reserved before it loads, so nothing shifts. */
  width: number
  height: number
  /** Overrides the use's sizes (a full-screen gallery: 100vw). */
  sizes?: string
  /** Loads at once (above the fold); otherwise lazily. */
  eager?: boolean
  /** The page's main picture (LCP): fetched first. */
  priority?: boolean
  className?: string
}

/**
 * A picture at the widths of its use (lib/images.ts): WebP where the browser
 * takes it, JPEG otherwise, with explicit dimensions.
 */
export function ResponsivePicture({ url, use, alt, width, height, sizes, eager = false, priority = false, className }: ResponsivePictureProps) {
  const r = responsive(url, use, sizes)
  return (
    <picture className={className}>
      <source type={r.webp.type} srcSet={r.webp.srcSet} sizes={r.webp.sizes} />
      <img
        src={r.img.src}
        srcSet={r.img.srcSet}
        sizes={r.img.sizes}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
      />
    </picture>
  )
}
