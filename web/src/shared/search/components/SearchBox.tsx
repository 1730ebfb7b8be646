import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react'
import { formatListingPrice, truncate } from '../../../lib/format'
import { plural, useLang, useT, type Lang, type TFn } from '../../../lib/i18n'
import { useRouter } from '../../../lib/router'
import type { CityHit, PropertyHit, SearchAnswer, TypeHit } from '../model/types'
import { useSuggestions } from '../api/useSuggestions'
import './search.css'
import { useElementId } from '../../../lib/hydration/ids'

/** SPEC §9: a property type's description in the results, at most 100 characters. */
export const TYPE_DESCRIPTION_LIMIT = 100

export interface SearchBoxProps {
  /**
   * The list the form is sent to (a GET with the text as `q`), with or
   * without JavaScript: the server resolves the text there and redirects to
   * the property, type or city it names (route/search.go).
   */
  action: string
  /** A smaller box (404 page). */
  compact?: boolean
  /** The visible label; the default reads "search by type, city or reference". */
  label?: string
  /** The input's example text; the default names a town, a zip, a type and an ID. */
  placeholder?: string
  className?: string
}

type Group = 'types' | 'cities' | 'properties'

interface Entry {
  id: string
  group: Group
  href: string
  /** The option's text: its accessible name. */
  main: string
  detail: string
}

const GROUPS: Group[] = ['types', 'cities', 'properties']

/**
 * The entries of an answer, in display order: types, cities, properties. A
 * type or city is one entry per list it holds something in ("Arlon (6700) ·
 * 14 for sale", "Arlon (6700) · 8 for rent"): each leads to the list whose
 * count it shows.
 */
export function entriesOf(answer: SearchAnswer | null, t: TFn, lang: Lang, base: string): Entry[] {
  if (!answer) return []
  const out: Entry[] = []
  const push = (group: Group, href: string | undefined, main: string, detail: string) =>
    href && out.push({ id: `${base}-o${out.length}`, group, href, main, detail })
  const lists = (group: Group, x: TypeHit | CityHit, main: string) => {
    push(group, x.saleHref, main, t('search.forSaleCount', { total: x.SaleCount }))
    push(group, x.rentHref, main, t('search.forRentCount', { total: x.RentCount }))
  }
  // Go always sends the three lists; the generated type cannot know it.
  ;(answer.types ?? []).forEach((x) => lists('types', x, truncate(x.Label, TYPE_DESCRIPTION_LIMIT)))
  ;(answer.cities ?? []).forEach((x) => lists('cities', x, `${x.Name} (${x.Zip})`))
  ;(answer.properties ?? []).forEach((x: PropertyHit) =>
    push(
      'properties',
      x.href,
      `${x.ID} · ${truncate(x.Title || x.TypeDescription, TYPE_DESCRIPTION_LIMIT)}`,
      `${x.Zip} ${x.City} · ${formatListingPrice(x, lang)}`,
    ),
  )
  return out
}

/**
 * The search box (WAI-ARIA APG combobox with a listbox popup, list
 * autocomplete): while it has the focus and a query, it shows three groups of
 * suggestions — property types, cities, properties — from /api/search.
 * ArrowDown/ArrowUp move through them, Enter goes to the active one (a router
 * visit), Escape closes the list and clears the text. Submitting the text
 * sends it as `q` to the list page `action`, which resolves it on the server:
 * a GET form without JavaScript, a router visit (no reload) with it — the
 * same request, so the same landing.
 */
export function SearchBox({ action, compact = false, label, placeholder, className }: SearchBoxProps) {
  const t = useT()
  const lang = useLang()
  const router = useRouter()
  const base = useElementId()
  const inputId = `${base}-input`
  const listId = `${base}-list`
  const hintId = `${base}-hint`

  const [query, setQuery] = useState('')
  const [focused, setFocused] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [active, setActive] = useState(-1)
  const { answer, query: answered, loading, error } = useSuggestions(query, lang)
  const entries = useMemo(() => entriesOf(answer, t, lang, base), [answer, t, lang, base])

  // A new answer starts without an active option.
  useEffect(() => setActive(-1), [answer])

  const hasQuery = query.trim() !== ''
  const open = focused && hasQuery && !dismissed && entries.length > 0
  const activeEntry = open && active >= 0 ? entries[active] : undefined

  useEffect(() => {
    if (activeEntry) document.getElementById(activeEntry.id)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeEntry])

  function go(href: string) {
    setDismissed(true)
    setActive(-1)
    if (router) void router.visit(href)
    else window.location.assign(href)
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (entries.length === 0 || !hasQuery) return
        e.preventDefault()
        const down = e.key === 'ArrowDown'
        if (!open) {
          setDismissed(false)
          setActive(down ? 0 : entries.length - 1)
          return
        }
        setActive((i) => (down ? (i + 1) % entries.length : i <= 0 ? entries.length - 1 : i - 1))
        return
      }
      case 'Enter':
        if (activeEntry) {
          e.preventDefault()
          go(activeEntry.href)
        }
        return // otherwise the form submits
      case 'Escape':
        if (hasQuery || open) {
          e.preventDefault()
          setQuery('')
          setActive(-1)
          setDismissed(false)
        }
        return
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const q = query.trim()
    if (!q) return
    // The active suggestion, else the text as the server resolves it.
    go(activeEntry ? activeEntry.href : `${action}${action.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}`)
  }

  const count = entries.length
  const status = !hasQuery
    ? ''
    : error
      ? t('errors.api')
      : loading && !answer
        ? ''
        : count === 0 && answered === query.trim()
          ? t('search.noResults')
          : count > 0
            ? t(plural(lang, count) === 'one' ? 'search.resultsOne' : 'search.resultsOther', { total: count })
            : ''

  return (
    <form
      className={['search-box', compact && 'search-box-compact', open && 'search-box-open', className].filter(Boolean).join(' ')}
      role="search"
      method="get"
      action={action}
      onSubmit={onSubmit}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
      onFocus={() => setFocused(true)}
    >
      <label htmlFor={inputId} className="search-box-label">
        {label || t('search.label')}
      </label>
      <div className="search-box-field">
        <input
          id={inputId}
          type="text"
          name="q"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setDismissed(false)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          onClick={() => setDismissed(false)}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeEntry?.id}
          aria-describedby={hintId}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder || t('search.placeholder')}
        />
        <button type="submit" className="button search-box-submit" data-icon="search">
          <span className={compact ? 'sr-only' : undefined}>{t('search.submit')}</span>
        </button>
        <div id={listId} role="listbox" aria-label={label || t('search.label')} className="search-box-list" hidden={!open}>
          {open &&
            GROUPS.map((g) => {
              const items = entries.filter((x) => x.group === g)
              if (items.length === 0) return null
              const gid = `${base}-g-${g}`
              return (
                <div key={g} role="group" aria-labelledby={gid} className="search-box-group">
                  <div role="presentation" id={gid} className="search-box-group-label">
                    {t(`search.group.${g}`)}
                  </div>
                  {items.map((x) => {
                    const selected = x === activeEntry
                    return (
                      <div
                        key={x.id}
                        id={x.id}
                        role="option"
                        aria-selected={selected}
                        className="search-box-option"
                        data-group={g}
                        onMouseDown={(e) => e.preventDefault()} // keeps the focus in the box
                        onMouseMove={() => setActive(entries.indexOf(x))}
                        onClick={() => go(x.href)}
                      >
                        <span className="search-box-option-main">{x.main}</span>
                        <span className="search-box-option-detail">{x.detail}</span>
                      </div>
                    )
                  })}
                </div>
              )
            })}
        </div>
      </div>
      <p id={hintId} className="sr-only">
        {t('search.hint')}
      </p>
      <p role="status" className={focused && hasQuery && !open && status ? 'search-box-message' : 'sr-only'}>
        {focused ? status : ''}
      </p>
    </form>
  )
}
