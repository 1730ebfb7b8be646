import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError, isAbort } from '../../../lib/fetchJSON'
import { getSuggestions } from './getSuggestions'
import { SchemaError } from './schema'
import type { SearchAnswer } from '../model/types'
import { clearSuggestionCache, SEARCH_DEBOUNCE_MS, useSuggestions } from './useSuggestions'

const ARLON: SearchAnswer = {
  types: [],
  cities: [{ Name: 'Arlon', Zip: '6700', CountryID: 10, CountryName: 'Belgique', PropertyCount: 40, SaleCount: 30, RentCount: 10 }],
  properties: [],
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch that answers only when told, and rejects with an AbortError when its signal aborts, as browsers do. */
function pendingFetch() {
  const calls: { url: string; init: RequestInit; answer: (r: Response) => void }[] = []
  const fetch = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({ url, init, answer: resolve })
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
  )
  return { fetch, calls }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('getSuggestions', () => {
  it('asks /api/search for JSON with the trimmed query and returns the checked answer', async () => {
    const fetch = vi.fn(async () => json({ types: null, cities: ARLON.cities, properties: [] }))
    vi.stubGlobal('fetch', fetch)
    const signal = new AbortController().signal
    const answer: SearchAnswer = await getSuggestions(' arl ', 'fr', signal)
    expect(answer).toEqual(ARLON) // null lists as empty
    expect(fetch).toHaveBeenCalledWith('/api/search?q=arl&lang=fr', { headers: { Accept: 'application/json' }, signal })
  })

  it('asks nothing for an empty query', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    expect(await getSuggestions('  ', 'nl')).toEqual({ types: [], cities: [], properties: [] })
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    ['a server error', json({ error: 'down' }, 503), HttpError],
    ['a malformed answer', json({ types: 'nope' }), SchemaError],
  ])('rejects %s with its own error type', async (_, res, type) => {
    vi.stubGlobal('fetch', vi.fn(async () => res))
    const err = await getSuggestions('arl', 'fr').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(type)
    expect(isAbort(err)).toBe(false)
    if (err instanceof HttpError) expect(err.status).toBe(503)
  })

  it('stops when its signal aborts, with an error its caller can tell from a failure', async () => {
    const { fetch } = pendingFetch()
    vi.stubGlobal('fetch', fetch)
    const ctrl = new AbortController()
    const pending = getSuggestions('arl', 'fr', ctrl.signal).catch((e: unknown) => e)
    ctrl.abort()
    expect(isAbort(await pending, ctrl.signal)).toBe(true)
  })
})

describe('useSuggestions', () => {
  beforeEach(() => clearSuggestionCache())

  it('a newer query aborts the request of the older one, whose answer is never shown', async () => {
    const { fetch, calls } = pendingFetch()
    vi.stubGlobal('fetch', fetch)
    const { result, rerender } = renderHook(({ q }) => useSuggestions(q, 'fr'), { initialProps: { q: 'ar' } })
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(result.current.loading).toBe(true)

    rerender({ q: 'arl' })
    expect(calls[0].init.signal!.aborted).toBe(true)
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1].url).toBe('/api/search?q=arl&lang=fr')
    await act(async () => calls[1].answer(json(ARLON)))
    await waitFor(() => expect(result.current).toEqual({ query: 'arl', answer: ARLON, loading: false, error: false }))
  })

  it('reports a failed request as an error, and keeps an answer for the session', async () => {
    const fetch = vi.fn(async (url: string) => (url.includes('q=bad') ? json({}, 500) : json(ARLON)))
    vi.stubGlobal('fetch', fetch)
    const { result, rerender } = renderHook(({ q }) => useSuggestions(q, 'fr'), { initialProps: { q: 'bad' } })
    await waitFor(() => expect(result.current.error).toBe(true))
    expect(result.current.answer).toBeNull()

    rerender({ q: 'arl' })
    await waitFor(() => expect(result.current.answer).toEqual(ARLON))
    rerender({ q: '' })
    expect(result.current).toEqual({ query: '', answer: null, loading: false, error: false })
    rerender({ q: 'ARL' })
    // The kept answer comes back at once, without a request or a wait.
    expect(result.current.answer).toEqual(ARLON)
    expect(fetch).toHaveBeenCalledTimes(2)
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50)))
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
