import { useEffect, useRef, useState } from 'react'
import type { T } from '../../../shared/texts'
import { findText, type Json } from '../model/config'

/** How tall the preview's window is on the editor's page, whatever the width it shows. */
const VISIBLE = 640

/** The widths the preview shows the site at: phone, tablet, desktop. */
export const WIDTHS = [375, 768, 1366] as const

/**
 * The draft as the server renders it, in a frame at a phone's, a tablet's or a desktop's width (scaled to the
 * panel), in one of the site's languages; it reloads the page it shows whenever reloads changes (a save without
 * problems). A click on a text of the page opens its field (open); a link stays in the preview.
 */
export function Preview({ base: draft, fallback, langs, lang, reloads, stale, t, value, open }: {
  base: string
  /** The version the draft started from, shown while the draft has problems (it is not rendered then). */
  fallback: string
  langs: string[]
  lang: string
  reloads: number
  stale: boolean
  t: T
  value: Json
  open: (path: string) => void
}) {
  const [width, setWidth] = useState<number>(WIDTHS[0])
  const base = stale ? fallback : draft
  const [shown, setShown] = useState(langs.includes(lang) ? lang : (langs[0] ?? lang))
  const frame = useRef<HTMLIFrameElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState(400)
  // The latest draft and callbacks, for the frame's own listeners.
  const current = useRef({ value, shown, open })
  current.current = { value, shown, open }

  useEffect(() => {
    const el = box.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => setRoom(el.clientWidth))
    ro.observe(el)
    setRoom(el.clientWidth)
    return () => ro.disconnect()
  }, [])

  // The page the frame is to show: the language's home, then wherever a
  // link led. A save reloads that page, not whatever the frame holds at
  // that instant (a navigation still on its way would be undone).
  const wanted = useRef(`${base}${shown}/`)
  useEffect(() => {
    wanted.current = `${base}${shown}/`
  }, [base, shown])
  // A preview is a private page: once the site's app runs in the frame, its history entry holds the page's address
  // only, and a popstate there makes the app's router ask the page's data again (JSON: no server render, no
  // assets) and keep the scroll — what a save needs. A page still loading, or showing another page, is loaded again.
  useEffect(() => {
    if (reloads <= 0) return
    try {
      const w = frame.current?.contentWindow as (Window & typeof globalThis) | null
      if (!w) return
      const url = wanted.current
      const state = w.history.state as { url?: string; page?: unknown } | null
      if (state?.url === url && !state.page && w.location.pathname + w.location.search === url) {
        w.dispatchEvent(new w.PopStateEvent('popstate', { state: { ...state, scroll: [w.scrollX, w.scrollY] } }))
      } else {
        w.location.replace(url)
      }
    } catch {
      // A page of another origin (none should be): left as it is.
    }
  }, [reloads])

  const attach = () => {
    const doc = frame.current?.contentDocument
    if (!doc) return
    const at = frame.current?.contentWindow?.location
    if (at?.pathname.startsWith(`${base}${current.current.shown}/`)) wanted.current = at.pathname + at.search
    doc.addEventListener('click', (ev) => {
      const target = ev.target as HTMLElement | null
      const link = target?.closest('a')
      let el: HTMLElement | null = target
      for (let i = 0; el && i < 4; i++, el = el.parentElement) {
        const path = findText(current.current.value, current.current.shown, el.innerText ?? el.textContent ?? '')
        if (path) {
          ev.preventDefault()
          ev.stopPropagation()
          current.current.open(path)
          return
        }
      }
      // A link of the site leads to the same page of the draft, not of the site online.
      const href = link?.getAttribute('href')
      if (link && href?.startsWith('/') && !href.startsWith('//') && !href.startsWith(base)) {
        ev.preventDefault()
        ev.stopPropagation()
        wanted.current = base.replace(/\/$/, '') + href
        frame.current?.contentWindow?.location.assign(wanted.current)
      }
    }, true)
  }

  const scale = Math.min(1, room / width)
  return (
    <aside className="site-preview" aria-label={t('admin.site.editor.preview')}>
      <div className="site-preview-bar">
        <span role="group" aria-label={t('admin.site.editor.preview')}>
          {WIDTHS.map((w) => (
            <button key={w} type="button" aria-pressed={w === width} onClick={() => setWidth(w)}>
              {t(`admin.site.editor.width.${w}`)} ({w})
            </button>
          ))}
        </span>
        <label>
          {t('admin.site.editor.previewLang')}{' '}
          <select value={shown} onChange={(e) => setShown(e.target.value)}>
            {langs.map((l) => <option key={l} value={l}>{l.toUpperCase()}</option>)}
          </select>
        </label>
        <a href={`${base}${shown}/`} target="_blank" rel="noopener">{t('admin.site.editor.openPreview')}</a>
      </div>
      {stale && <p className="site-muted">{t('admin.site.editor.previewStale')}</p>}
      <div className="site-preview-box" ref={box} style={{ height: `${VISIBLE}px` }}>
        <iframe ref={frame} title={t('admin.site.editor.preview')} src={`${base}${shown}/`} onLoad={attach}
          style={{ width: `${width}px`, height: `${Math.round(VISIBLE / scale)}px`, transform: `scale(${scale})` }} />
      </div>
    </aside>
  )
}
