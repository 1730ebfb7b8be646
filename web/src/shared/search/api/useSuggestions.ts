import { useEffect, useState } from 'react'
import { isAbort } from '../../../lib/fetchJSON'
import type { Lang } from '../../../lib/i18n'
import { getSuggestions } from './getSuggestions'
import type { SearchAnswer } from '../model/types'

/** Time between the last key stroke and the request. */
export const SEARCH_DEBOUNCE_MS = 150

const CACHE_LIMIT = 50
const cache = new Map<string, SearchAnswer>()

export interface Suggestions {
  /** The query the answer is for (it may lag behind the one typed). */
  query: string
  answer: SearchAnswer | null
  loading: boolean
  error: boolean
}

const NONE: Suggestions = { query: '', answer: null, loading: false, error: false }

/**
 * The suggestions for query, fetched SEARCH_DEBOUNCE_MS after it stops
 * changing; a newer query aborts the older request. The last answer stays
 * until the next one arrives (no flicker while typing); an empty query
 * clears everything at once. Answers are kept for the session.
 */
export function useSuggestions(query: string, lang: Lang): Suggestions {
  const q = query.trim()
  const [state, setState] = useState<Suggestions>(NONE)

  useEffect(() => {
    if (q === '') {
      setState(NONE)
      return
    }
    const key = `${lang}\u0000${q.toLowerCase()}`
    const hit = cache.get(key)
    if (hit) {
      setState({ query: q, answer: hit, loading: false, error: false })
      return
    }
    setState((s) => ({ ...s, loading: true, error: false }))
    const ctrl = new AbortController()
    const timer = setTimeout(() => {
      getSuggestions(q, lang, ctrl.signal).then(
        (answer) => {
          if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
          cache.set(key, answer)
          setState({ query: q, answer, loading: false, error: false })
        },
        (err: unknown) => {
          if (isAbort(err, ctrl.signal)) return
          setState({ query: q, answer: null, loading: false, error: true })
        },
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      ctrl.abort()
    }
  }, [q, lang])

  return q === '' ? NONE : state
}

/** Forgets the kept answers (tests). */
export function clearSuggestionCache(): void {
  cache.clear()
}
