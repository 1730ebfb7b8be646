import type { FormEvent, ReactNode } from 'react'
import { Link, useRouter } from '../../../../lib/router'
import { FilterBox } from './FilterBox'
import type { T } from '../../texts'

/** The pages before and after a list's: links the router follows (plain links without it). */
export function Pager({ prev, next, t }: { prev: string; next: string; t: T }) {
  if (!prev && !next) return null
  return (
    <nav className="admin-pages" aria-label={t('admin.leads.pages')}>
      {prev && <Link href={prev} rel="prev">{t('admin.leads.prev')}</Link>}
      {next && <Link href={next} rel="next">{t('admin.leads.next')}</Link>}
    </nav>
  )
}

/** A list's filter form: a GET of its fields (the empty ones left out), through the router when the app runs. */
export function Filter({ action, t, search, children }: { action: string; t: T; search?: boolean; children?: ReactNode }) {
  const router = useRouter()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!router) return
    e.preventDefault()
    const data: Record<string, string> = {}
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v.trim() !== '') data[k] = v.trim()
    void router.visit(action, { data })
  }
  // How many of the filter's fields the page's address sets (the toggle on a phone says it).
  const query = typeof window === 'undefined' ? '' : window.location.search
  const active = [...new URLSearchParams(query).entries()]
    .filter(([k, v]) => v !== '' && k !== 'before' && k !== 'page' && k !== 'done').length
  // The fields are the address's: a new address (the filters cleared, the
  // next week) makes the form anew, or each field would keep what it showed.
  return (
    <FilterBox t={t} active={active}>
      <form key={query} method="get" action={action} className="admin-filter" role={search ? 'search' : undefined} onSubmit={submit}>
        {children}
        <button type="submit">{t('admin.filter.apply')}</button>
        <Link href={action}>{t('admin.filter.reset')}</Link>
      </form>
    </FilterBox>
  )
}

/** A list's search form: its words (q), and the filter's other fields. error: the id of q's message, when refused. */
export function Search({ action, q, label, t, error, children }: { action: string; q: string; label: string; t: T; error?: string; children?: ReactNode }) {
  return (
    <Filter action={action} t={t} search>
      <label>
        {label}
        <input type="search" name="q" defaultValue={q} maxLength={100} aria-invalid={error ? true : undefined} aria-describedby={error} />
      </label>
      {children}
    </Filter>
  )
}
