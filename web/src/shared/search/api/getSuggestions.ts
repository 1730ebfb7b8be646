import { fetchJSON } from '../../../lib/fetchJSON'
import type { Lang } from '../../../lib/i18n'
import { parseSearchAnswer } from './schema'
import { EMPTY_ANSWER, type SearchAnswer } from '../model/types'

/** The address of the suggestions for q in lang. */
export function searchUrl(q: string, lang: Lang): string {
  return `/api/search?q=${encodeURIComponent(q)}&lang=${lang}`
}

/**
 * Fetches the three groups of suggestions (SPEC §5: exact match; an empty
 * query clears everything, without asking the server). Rejects as
 * fetchJSON does: HttpError, SchemaError (a malformed answer), AbortError.
 */
export async function getSuggestions(q: string, lang: Lang, signal?: AbortSignal): Promise<SearchAnswer> {
  if (q.trim() === '') return EMPTY_ANSWER
  return fetchJSON(searchUrl(q.trim(), lang), parseSearchAnswer, signal)
}
