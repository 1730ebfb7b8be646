import { useRef } from 'react'
import { sized, srcSet } from '../../../lib/images'
import { useInView } from '../../../lib/ui/useInView'

/** SPEC §9: footer pictures are 500 px high and load when 100 px from the viewport. */
const FOOTER_IMAGE_HEIGHT = 500
const FOOTER_LAZY_MARGIN = '100px'

/**
 * A footer picture, loaded once it comes within 100 px of the viewport
 * (IntersectionObserver; the browser's own loading="lazy" starts far
 * earlier). Its box is 500 px high from the start, so nothing moves when it
 * arrives; without JavaScript the <noscript> copy shows.
 */
export function FooterImage({ url, alt, lang }: { url: string; alt: string; lang?: string }) {
  const box = useRef<HTMLDivElement>(null)
  const near = useInView(box, FOOTER_LAZY_MARGIN)
  const img = (
    <img
      className="footer-image"
      src={sized(url, 600)}
      srcSet={srcSet(url, [400, 600, 1360])}
      sizes="(min-width: 767px) 50vw, 100vw"
      alt={alt}
      lang={lang}
      height={FOOTER_IMAGE_HEIGHT}
      decoding="async"
    />
  )
  return (
    <div className="footer-image-box" ref={box}>
      {near ? img : <noscript>{img}</noscript>}
    </div>
  )
}
