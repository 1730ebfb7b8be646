import { plural, useLang, useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { CardGrid } from '../../properties/components/CardGrid'
import { listHref, sortValue } from '../api/query'
import type { PropertyListProps } from '../api/types'
import { Pagination } from './Pagination'
import { SortSelect } from './SortSelect'
import './list.css'

/** Cards per row on wide screens; the first row loads its pictures at once. */
const PER_ROW = 4

/** A property list: title, "page x of y – n properties", sort, cards, paging. */
export function PropertyListPage(props: PropertyListProps) {
  const { title, filters, page, pages, total, pageUrl, error } = props
  const t = useT()
  const lang = useLang()
  const items = props.items ?? []
  const filtered = !!(filters.city || filters.type || filters.priceMin || filters.priceMax || filters.bedroomsMin)
  const count = t(plural(lang, total) === 'one' ? 'list.countOne' : 'list.countOther', { total })
  return (
    <div className="page list-page">
      <div className="container">
        <header className="list-header">
          <div>
            <h1>{title}</h1>
            {total > 0 && (
              <p className="list-summary">{`${t('list.pageOf', { page, pages })} – ${count}`}</p>
            )}
          </div>
          {total > 1 && <SortSelect key={sortValue(filters)} pageUrl={pageUrl} filters={filters} />}
        </header>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        {items.length > 0 ? (
          <CardGrid items={items} lang={lang} level={2} perRow={PER_ROW} eager={PER_ROW} />
        ) : (
          <div className="list-empty">
            <p>{t('list.empty')}</p>
            {filtered && (
              <p>
                <Link href={listHref(pageUrl, {})} className="button button-outline">
                  {t('list.clearFilters')}
                </Link>
              </p>
            )}
          </div>
        )}
        <Pagination page={page} pages={pages} pageUrl={pageUrl} filters={filters} />
      </div>
    </div>
  )
}
