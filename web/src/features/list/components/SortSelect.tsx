import { useId, useState, type ChangeEvent } from 'react'
import { useT } from '../../../lib/i18n'
import { useRouter } from '../../../lib/router'
import { listHref, SORTS, sortValue } from '../api/query'
import type { Filters } from '../api/types'

/** The sort order; a change visits the list sorted so (sort and order parameters, back to page 1), without a reload. */
export function SortSelect({ pageUrl, filters }: { pageUrl: string; filters: Filters }) {
  const t = useT()
  const router = useRouter()
  const id = useId()
  // Shows the choice at once; the next page's props remount it (key) with the sort it was given.
  const [value, setValue] = useState(sortValue(filters))
  function onChange(e: ChangeEvent<HTMLSelectElement>) {
    setValue(e.target.value)
    const [sort = '', order = ''] = e.target.value.split(':')
    const href = listHref(pageUrl, filters, { sort, order })
    if (router) void router.visit(href, { preserveScroll: true })
    else window.location.assign(href)
  }
  return (
    <div className="sort-select">
      <label htmlFor={id}>{t('list.sortLabel')}</label>
      <select id={id} value={value} onChange={onChange}>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {t(s.key)}
          </option>
        ))}
      </select>
    </div>
  )
}
