// GET of a JSON answer from the site's own API, typed end to end: the body
// reaches the caller only through parse (a schema check that throws on a
// malformed answer), so a wrong shape fails here, not in a component.

/** The server answered with a status outside 2xx. */
export class HttpError extends Error {
  readonly status: number
  constructor(url: string, status: number) {
    super(`${url}: HTTP ${status}`)
    this.name = 'HttpError'
    this.status = status
  }
}

/**
 * Fetches url and returns parse(body). Rejects with HttpError for a status
 * outside 2xx, whatever parse throws for a malformed body, an AbortError
 * when signal aborts, or a TypeError when the network fails.
 */
export async function fetchJSON<T>(url: string, parse: (body: unknown) => T, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal })
  if (!res.ok) throw new HttpError(url, res.status)
  const body: unknown = await res.json()
  return parse(body)
}

/** Whether err ended a request its caller aborted: an expected end, not a failure to report. */
export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError')
}
