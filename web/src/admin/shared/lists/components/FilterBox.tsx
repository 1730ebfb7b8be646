import { useId, useState, type ReactNode } from 'react'
import type { T } from '../../texts'

/**
 * A list's filter: on a desk always shown; on a phone folded behind a button (the filters filled the first screen),
 * which says how many are set, and open at first when one was refused (its message beside it).
 */
export function FilterBox({ t, active, open: initiallyOpen = false, children }: { t: T; active: number; open?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(initiallyOpen)
  const id = useId()
  return (
    <div className={`admin-filter-box${open ? ' is-open' : ''}`}>
      <button type="button" className="admin-filter-toggle admin-quiet" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t('admin.filter.toggle')}{active > 0 && ` (${active})`}
      </button>
      <div id={id} className="admin-filter-body">{children}</div>
    </div>
  )
}
