import { Link } from '../../../lib/router'
import { useT } from '../../../lib/i18n'
import { listHref, pageWindow } from '../model/query'
import type { Filters, ListView } from '../model/types'

export interface PaginationProps {
  page: number
  pages: number
  pageUrl: string
  filters: Filters
  /** The map keeps showing on the other pages. */
  view?: ListView
}

/** Previous, page numbers and next, as links that keep the filters. */
export function Pagination({ page, pages, pageUrl, filters, view = 'list' }: PaginationProps) {
  const t = useT()
  if (pages <= 1) return null
  const href = (p: number) => listHref(pageUrl, filters, { page: p, view: view === 'map' ? 'map' : '' })
  return (
    <nav className="pagination" aria-label={t('list.pagination')}>
      <ul>
        <li>
          {page > 1 ? (
            <Link href={href(page - 1)} rel="prev" className="pagination-step" data-icon="chevronLeft">
              {t('list.previous')}
            </Link>
          ) : (
            <span className="pagination-step" aria-disabled="true" data-icon="chevronLeft">
              {t('list.previous')}
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link href={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('list.pageNumber', { page: p })}>
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link href={href(page + 1)} rel="next" className="pagination-step" data-icon-end="chevronRight">
              {t('list.next')}
            </Link>
          ) : (
            <span className="pagination-step" aria-disabled="true" data-icon-end="chevronRight">
              {t('list.next')}
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
