import { useEffect, useRef, useState } from 'react'
import type { Popup as PopupProps } from '../../../gen/pages'
import { isPreview, useConsent } from '../../../lib/consent'
import { useT } from '../../../lib/i18n'
import { sized, srcSet } from '../../../lib/images'
import { HtmlContent } from '../../../lib/ui/HtmlContent'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { videoOf } from '../../../lib/video'
import { ConsentGate } from '../../../lib/ui/ConsentGate'
import { ServerMemo } from '../../../lib/memo/ServerMemo'

/**
 * The popup's picture is at most 560 CSS pixels wide: 400 and 600 cover it
 * (a phone at 2× takes 600, not 1360). It is in the page from the start,
 * in the closed dialog: lazy, so nothing is fetched until the popup opens.
 */
const POPUP_WIDTHS = [400, 600]

const VIDEO_PROVIDERS: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', facebook: 'Facebook' }

/** sessionStorage key: set once the visitor closed the pop-up (SPEC §4: for the rest of the session). */
export const POPUP_CLOSED_KEY = 'immo.popup.closed'

/** The text in an address that closes the pop-up by itself (SPEC §4). */
const MODAL_CLICKED = 'modal-clicked'

/**
 * The configured pop-up (SPEC §3, §4) in a native modal <dialog>: focus moves
 * in, Escape closes, the page behind is inert. It waits until the cookie
 * choice is made (useConsent), then shows at once or after `delay` seconds,
 * never while the cookie dialog is open and never on a preview address. Once
 * closed it stays closed for the browser session; it also closes for good
 * when the address holds its target (first form action, else its link) or
 * `modal-clicked`.
 */
export function Popup({ popup, url }: { popup: PopupProps; url: string }) {
  const t = useT()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const consent = useConsent()
  const [closed, setClosed] = useState<boolean | null>(null) // unknown until mounted: the server has no session
  const [due, setDue] = useState(false)

  // What the pop-up leads to (SPEC §4's "first form's action": configured HTML holds no form — the
  // sanitizer drops it, a form there would bypass the site's checks — so its link).
  const target = popup.link ?? ''
  // The browser's query and hash (#modal-clicked, which the server never sees; ?modal-clicked, which
  // the page object's canonical address leaves out): read again on every visit and whenever the
  // hash changes.
  const [here, setHere] = useState<string | null>(null)
  useEffect(() => {
    const read = () => setHere(window.location.search + window.location.hash)
    read()
    window.addEventListener('hashchange', read)
    return () => window.removeEventListener('hashchange', read)
  }, [url])
  const dismissedByAddress = isDismissedAt(here === null ? url : url.split(/[?#]/, 1)[0] + here, target)
  const preview = isPreview(url)

  // Read once the pop-up may show (the cookie choice made): a first visit's hydration opens no storage.
  const mayShow = consent.decided && !preview
  useEffect(() => {
    if (mayShow) setClosed(readClosed())
  }, [mayShow])
  useEffect(() => {
    if (closed === false && dismissedByAddress) remember(setClosed)
  }, [closed, dismissedByAddress])

  useEffect(() => {
    if (closed !== false || !consent.decided || preview || due) return
    const timer = setTimeout(() => setDue(true), Math.max(0, popup.delay) * 1000)
    return () => clearTimeout(timer)
  }, [closed, consent.decided, preview, due, popup.delay])

  const show = due && closed === false && consent.decided && !consent.dialogOpen && !preview
  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (show && !d.open) {
      opener.current = document.activeElement
      d.showModal()
    } else if (!show && d.open) {
      d.dataset.closedBy = 'quiet' // closed for the cookie dialog or the address: not the visitor's choice
      d.close()
    }
  }, [show])

  // The visitor's own closing (button, backdrop, link, Escape) is remembered
  // at once, before the dialog's close event (a task later): a reload right
  // after still finds it closed. The close event then knows it is done.
  function rememberVisitor() {
    remember(setClosed)
    const d = dialog.current
    if (d?.open) d.dataset.closedBy = 'visitor'
  }

  function closeByVisitor() {
    rememberVisitor()
    dialog.current?.close()
  }

  function onClose() {
    const d = dialog.current
    const by = d?.dataset.closedBy
    if (d) delete d.dataset.closedBy
    if (!by) remember(setClosed) // closed some other way (the browser's own close request)
    // Browsers without the dialog's own focus return: back to where the visitor was.
    const back = opener.current
    if (back instanceof HTMLElement && (document.activeElement === document.body || !document.activeElement)) back.focus()
  }

  const media = popup.media
  const video = media?.kind === 'video' ? videoOf(media.url) : undefined
  return (
    <dialog
      ref={dialog}
      className="popup"
      aria-labelledby={popup.title ? 'popup-title' : undefined}
      onClose={onClose}
      onCancel={rememberVisitor} // Escape
      onClick={(e) => e.target === e.currentTarget && closeByVisitor()} // a click on the backdrop
    >
      <ServerMemo as="div" className="popup-body" part="popup" deps={[popup]}>
        <button type="button" className="popup-close" data-icon="close" onClick={closeByVisitor}>
          <span className="sr-only">{t('layout.popupClose')}</span>
        </button>
        {media?.kind === 'picture' && (
          <img
            className="popup-media"
            src={sized(media.url, 600)}
            srcSet={srcSet(media.url, POPUP_WIDTHS)}
            sizes="(min-width: 767px) 560px, 100vw"
            alt={media.alt ?? ''}
            lang={media.altLang}
            width={560}
            height={315}
            loading="lazy"
            decoding="async"
          />
        )}
        {/* A file plays here (nothing is fetched before "play"); a YouTube, Vimeo or Facebook player sets its
            cookies, so it waits behind the consent gate (social media), and TV Lux, which has no player, opens
            on its own site. */}
        {video?.kind === 'file' && <video className="popup-media" src={video.url} controls preload="none" width={560} height={315} />}
        {video && video.embed && (
          <ConsentGate category="social" provider={VIDEO_PROVIDERS[video.kind] ?? video.kind} className="popup-media">
            {() => <iframe className="popup-media" src={video.embed} title={popup.title || t('layout.popupVideo')} width={560} height={315} allow="fullscreen; picture-in-picture" />}
          </ConsentGate>
        )}
        {media?.kind === 'video' && video?.kind !== 'file' && !video?.embed && (
          <SmartLink className="popup-video-link" href={media.url} data-icon="external">
            {t('layout.popupVideo')}
          </SmartLink>
        )}
        {popup.title && (
          <h2 id="popup-title" className="popup-title" lang={popup.titleLang}>
            {popup.title}
          </h2>
        )}
        {popup.description && <HtmlContent className="popup-text" html={popup.description} lang={popup.descriptionLang} />}
        {popup.link && (
          <SmartLink className="button button-accent popup-link" href={popup.link} onClick={closeByVisitor}>
            {t('layout.popupMore')}
          </SmartLink>
        )}
      </ServerMemo>
    </dialog>
  )
}

/**
 * Whether the pop-up closes by itself at this address (SPEC §4): the address
 * (hash included) contains modal-clicked, or its target — the target's page
 * itself also when the target carries a query or hash.
 */
export function isDismissedAt(address: string, target: string): boolean {
  if (address.includes(MODAL_CLICKED)) return true
  if (target === '') return false
  if (address.includes(target)) return true
  const path = (s: string) => s.split(/[?#]/, 1)[0]
  return target.startsWith('/') && !target.startsWith('//') && path(address) === path(target)
}

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(POPUP_CLOSED_KEY) === '1'
  } catch {
    return false // storage refused (privacy mode): it shows once per page view
  }
}

function remember(setClosed: (v: boolean) => void) {
  try {
    sessionStorage.setItem(POPUP_CLOSED_KEY, '1')
  } catch {
    // storage refused: closed for this page only
  }
  setClosed(true)
}
