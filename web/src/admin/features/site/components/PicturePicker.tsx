import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouter } from '../../../../lib/router'
import type { T } from '../../../shared/texts'
import { loadLibrary, thumbnail, type LibraryPicture } from '../model/pictures'

/**
 * A dialog listing the library's pictures: one clicked is chosen. New pictures are added in the library's own page
 * (a new tab, so the draft stays open); the list is read again on demand.
 */
export function PicturePicker({ library, lang, t, onChoose, onClose }: {
  library: string
  lang: string
  t: T
  onChoose: (p: LibraryPicture) => void
  onClose: () => void
}) {
  const router = useRouter()
  const dialog = useRef<HTMLDialogElement>(null)
  const [list, setList] = useState<LibraryPicture[] | null>(null)
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    setFailed(false)
    loadLibrary(library, router?.page?.version ?? undefined).then(setList, () => setFailed(true))
  }, [library, router])
  useEffect(() => {
    const d = dialog.current
    if (d && !d.open) d.showModal?.()
    load()
  }, [load])
  return (
    <dialog ref={dialog} className="site-picker" aria-labelledby="site-picker-title" onClose={onClose} onCancel={onClose}>
      <h2 id="site-picker-title">{t('admin.media.choose')}</h2>
      <p className="site-hint">{t('admin.media.chooseHelp')}</p>
      <p className="admin-row-actions">
        <a href={library} target="_blank" rel="noopener">{t('admin.media.library')}</a>
        <button type="button" onClick={load}>{t('admin.media.reload')}</button>
        <button type="button" onClick={onClose}>{t('admin.media.close')}</button>
      </p>
      {failed && <p className="admin-error" role="alert">{t('admin.media.loadFailed')}</p>}
      {list && list.length === 0 && <p>{t('admin.media.none')}</p>}
      {list && list.length > 0 && (
        <ul className="site-picker-list">
          {list.map((p) => (
            <li key={p.id}>
              <button type="button" onClick={() => onChoose(p)} title={p.name}>
                <img src={thumbnail(p.url)} alt={p.alt?.[lang] || p.name} width={160}
                  height={Math.round((160 * p.height) / Math.max(1, p.width))} loading="lazy" decoding="async" />
                <span>{p.name} (#{p.id})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </dialog>
  )
}
