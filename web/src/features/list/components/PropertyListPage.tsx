import { plural, useLang, useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { MapFrame } from '../../../shared/map'
import { CardGrid } from '../../../shared/cards'
import { isFiltered, listHref } from '../model/query'
import type { PropertyListProps } from '../model/types'
import { FilterForm } from './FilterForm'
import { Pagination } from './Pagination'
import { SearchNotFound } from './SearchNotFound'
import { ViewSwitch } from './ViewSwitch'
import './list.css'
import { Slice } from '../../../lib/hydration/slices'

/** Cards per row on wide screens; the first row loads its pictures at once. */
const PER_ROW = 4

/**
 * A property list: title, filters, "page x of y – n properties" (a live
 * region: said again after each filter change; the map shows them all, so
 * there only "n properties"), the list/map switch, the map (?view=map),
 * cards, paging. A search whose text names nothing says so and offers the
 * suggestions for it.
 */
export function PropertyListPage(props: PropertyListProps) {
  const { title, filters, page, pages, total, pageUrl, error, list } = props
  const t = useT()
  const lang = useLang()
  const items = props.items ?? []
  const view = props.mode === 'map' ? 'map' : 'list'
  const count = t(plural(lang, total) === 'one' ? 'list.countOne' : 'list.countOther', { total })
  const search = props.search
  const summary = search
    ? t('search.nothingFor', { query: search.query })
    : total === 0
      ? t('list.empty')
      : view === 'map'
        ? count
        : `${t('list.pageOf', { page, pages })} – ${count}`
  return (
    <div className="page list-page" data-view={view}>
      <div className="container">
        <header className="list-header">
          <h1>{title}</h1>
          <ViewSwitch pageUrl={pageUrl} filters={filters} view={view} />
        </header>
        <Slice>
          <FilterForm pageUrl={pageUrl} filters={filters} view={view} list={list} cities={props.cities} types={props.types} lang={lang} />
        </Slice>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <p className="list-summary" role="status" aria-live="polite" data-total={total}>
          {summary}
        </p>
        {search && <SearchNotFound suggestions={search.suggestions} />}
        {view === 'map' && <MapFrame markers={props.markers} lang={lang} />}
        {items.length > 0 ? (
          <CardGrid items={items} lang={lang} level={2} perRow={PER_ROW} eager={view === 'map' ? 0 : 1} priority={view !== 'map'} />
        ) : (
          (isFiltered(filters) || search) && (
            <p className="list-empty">
              <Link href={listHref(pageUrl, {}, { view })} className="button button-outline">
                {t('list.clearFilters')}
              </Link>
            </p>
          )
        )}
        <Pagination page={page} pages={pages} pageUrl={pageUrl} filters={filters} view={view} />
      </div>
    </div>
  )
}
