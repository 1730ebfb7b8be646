import { useEffect, useRef, useState, type HTMLAttributeReferrerPolicy } from 'react'

/**
 * Another site's page in a frame, loaded only when the visitor asks for it
 * (no request to that site before): a notice and a button, then the frame,
 * which takes the focus. The virtual tour and street view use it.
 */
export function FrameOnRequest({ src, title, notice, button, allow, referrerPolicy }: {
  src: string
  title: string
  notice: string
  button: string
  allow?: string
  referrerPolicy: HTMLAttributeReferrerPolicy
}) {
  const [shown, setShown] = useState(false)
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (shown) frame.current?.focus()
  }, [shown])
  return (
    <div className="tour-box">
      {shown ? (
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
