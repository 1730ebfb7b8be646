import { useState, type ChangeEvent, type FormEvent } from 'react'
import { type Lang, useT } from '../../../lib/i18n'
import { Link, useRouter } from '../../../lib/router'
import { ServerMemo } from '../../../lib/memo/ServerMemo'
import { EMPTY_FILTERS, filterHref, isFiltered, listHref, orderValue, ORDERS, SORTS } from '../model/query'
import type { CityOption, Filters, ListView, PropertyListProps, PropertyTypeOption } from '../model/types'
import { useElementId } from '../../../lib/hydration/ids'

export interface FilterFormProps {
  pageUrl: string
  filters: Filters
  view: ListView
  list: PropertyListProps['list']
  cities?: CityOption[] | null
  types?: PropertyTypeOption[] | null
  lang: Lang
}

const BEDROOMS = ['1', '2', '3', '4', '5']

/** A type's name in the page's language. */
function typeLabel(t: PropertyTypeOption, lang: Lang): string {
  return t.Label || t.Name?.[lang] || t.Name?.fr || Object.values(t.Name ?? {}).find(Boolean) || String(t.WebID)
}

/** How many of the list's properties have the type; undefined on the sold list (the counts are of available ones). */
function typeCount(t: PropertyTypeOption, list: FilterFormProps['list']): number | undefined {
  if (list === 'sale') return t.SaleCount ?? 0
  if (list === 'rent') return t.RentCount ?? 0
  return undefined
}

/**
 * The list filters: a real GET form on the list's address (the field names
 * are the query parameters Go reads), so it works without JavaScript. With
 * it, a select visits the filtered list at once and the form's submit (the
 * prices) too, without a reload: back to page 1, the form keeping the focus.
 */
export function FilterForm({ pageUrl, filters, view, list, cities, types, lang }: FilterFormProps) {
  const t = useT()
  const router = useRouter()
  const id = useElementId()
  const [values, setValues] = useState(filters)
  // A new page (the server's reading of the filters) replaces what the form holds.
  const [shown, setShown] = useState(filters)
  if (shown !== filters) {
    setShown(filters)
    setValues(filters)
  }

  function go(next: Filters) {
    const href = filterHref(pageUrl, next, view)
    if (router) void router.visit(href, { preserveScroll: true, preserveState: true })
    else window.location.assign(href)
  }
  function onSelect(e: ChangeEvent<HTMLSelectElement>) {
    const name = e.target.name as keyof Filters
    const next = { ...values, [name]: e.target.value }
    if (name === 'sort') next.order = '' // each sort starts in its own order
    setValues(next)
    go(next)
  }
  function onInput(e: ChangeEvent<HTMLInputElement>) {
    setValues({ ...values, [e.target.name]: e.target.value })
  }
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    go(values)
  }

  const cityOptions = (cities ?? []).map((c) => ({ value: `${c.Name}|${c.Zip}`, label: c.Zip ? `${c.Name} (${c.Zip})` : c.Name }))
  if (values.city && !cityOptions.some((o) => o.value === values.city)) cityOptions.unshift({ value: values.city, label: values.city.replace('|', ' ') })
  const typeOptions = (types ?? [])
    .map((ty) => ({ value: String(ty.WebID), label: typeLabel(ty, lang), count: typeCount(ty, list) }))
    .filter((o) => o.count !== 0 || o.value === values.type)
  if (values.type && !typeOptions.some((o) => o.value === values.type)) typeOptions.unshift({ value: values.type, label: values.type, count: undefined })
  const field = (name: string) => `${id}-${name}`
  const sortValue = (SORTS as readonly string[]).includes(values.sort) ? values.sort : ''

  return (
    <form className="list-filters" role="search" aria-label={t('list.filters.label')} method="get" action={pageUrl} onSubmit={onSubmit}>
      {view === 'map' && <input type="hidden" name="view" value="map" />}
      <div className="field field-wide">
        <label htmlFor={field('city')}>{t('list.filters.city')}</label>
        {/* The options of a select are the same on many pages: the server renders them once per choice (lib/memo);
            the browser keeps them as the server's HTML until the choice changes (static: only the select listens).
            deps: what the options are made of, the props (not the arrays made from them anew each render). */}
        <ServerMemo as="select" part="filter-city" deps={[cities, values.city]} static id={field('city')} name="city" value={values.city} onChange={onSelect}>
          <option value="">{t('list.filters.anyCity')}</option>
          {cityOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </ServerMemo>
      </div>
      <div className="field field-wide">
        <label htmlFor={field('type')}>{t('list.filters.type')}</label>
        <ServerMemo as="select" part="filter-type" deps={[types, list, values.type]} static id={field('type')} name="type" value={values.type} onChange={onSelect}>
          <option value="">{t('list.filters.anyType')}</option>
          {typeOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.count === undefined ? o.label : `${o.label} (${o.count})`}
            </option>
          ))}
        </ServerMemo>
      </div>
      <div className="field field-price">
        <label htmlFor={field('priceMin')}>{t('list.filters.priceMin')}</label>
        <input id={field('priceMin')} name="priceMin" type="number" inputMode="numeric" min={0} step={1} value={values.priceMin} onChange={onInput} />
      </div>
      <div className="field field-price">
        <label htmlFor={field('priceMax')}>{t('list.filters.priceMax')}</label>
        <input id={field('priceMax')} name="priceMax" type="number" inputMode="numeric" min={0} step={1} value={values.priceMax} onChange={onInput} />
      </div>
      <div className="field">
        <label htmlFor={field('bedroomsMin')}>{t('list.filters.bedrooms')}</label>
        <ServerMemo as="select" part="filter-bedrooms" deps={[values.bedroomsMin]} static id={field('bedroomsMin')} name="bedroomsMin" value={values.bedroomsMin} onChange={onSelect}>
          <option value="">{t('list.filters.anyBedrooms')}</option>
          {BEDROOMS.map((n) => (
            <option key={n} value={n}>
              {t('list.filters.bedroomsAtLeast', { n })}
            </option>
          ))}
          {values.bedroomsMin && !BEDROOMS.includes(values.bedroomsMin) && <option value={values.bedroomsMin}>{t('list.filters.bedroomsAtLeast', { n: values.bedroomsMin })}</option>}
        </ServerMemo>
      </div>
      <div className="field">
        <label htmlFor={field('sort')}>{t('list.sortLabel')}</label>
        <ServerMemo as="select" part="filter-sort" deps={[sortValue]} static id={field('sort')} name="sort" value={sortValue} onChange={onSelect}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`list.sort.${s || 'default'}`)}
            </option>
          ))}
        </ServerMemo>
      </div>
      <div className="field">
        <label htmlFor={field('order')}>{t('list.orderLabel')}</label>
        {/* Always sent: without JavaScript one submit applies it, with the page's own sort too (its default order is left out of the address). */}
        <select id={field('order')} name="order" value={orderValue(values)} onChange={onSelect}>
          {ORDERS.map((o) => (
            <option key={o} value={o}>
              {t(`list.order.${o}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="list-filters-actions">
        <button type="submit" className="button">
          {t('list.filters.apply')}
        </button>
        {isFiltered(filters) && (
          <Link href={listHref(pageUrl, { ...EMPTY_FILTERS, sort: filters.sort, order: filters.order }, { view })} preserveScroll preserveState className="button button-outline">
            {t('list.filters.clear')}
          </Link>
        )}
      </div>
    </form>
  )
}
