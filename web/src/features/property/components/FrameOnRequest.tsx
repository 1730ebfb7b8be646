import { useEffect, useRef, useState, type HTMLAttributeReferrerPolicy } from 'react'
import { isAccepted, useConsent, type ConsentCategory } from '../../../lib/consent'

/**
 * Another site's page in a frame, loaded only when the visitor asks for it
 * (no request to that site before): a notice and a button, then the frame,
 * which takes the focus. The virtual tour and street view use it. Once the
 * visitor accepts the frame's consent category (unclassified: cookies we
 * cannot classify) it loads at once.
 */
export function FrameOnRequest({ src, title, notice, button, allow, referrerPolicy, category = 'unclassified' }: {
  src: string
  category?: ConsentCategory
  title: string
  notice: string
  button: string
  allow?: string
  referrerPolicy: HTMLAttributeReferrerPolicy
}) {
  const [shown, setShown] = useState(false)
  const consented = isAccepted(category, useConsent())
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (shown) frame.current?.focus()
  }, [shown])
  return (
    <div className="tour-box">
      {shown || consented ? (
        <iframe ref={frame} className="tour-frame" src={src} title={title} loading="lazy" allow={allow} allowFullScreen referrerPolicy={referrerPolicy} />
      ) : (
        <div className="tour-placeholder">
          <p>{notice}</p>
          <button type="button" className="button" onClick={() => setShown(true)}>
            {button}
          </button>
        </div>
      )}
    </div>
  )
}
