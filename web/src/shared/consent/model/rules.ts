/** SPEC §2: `setcookies` anywhere in the query resets the stored consent. */
export function wantsReset(search: string): boolean {
  return search.toLowerCase().includes('setcookies')
}

/**
 * The address without what asked for the reset: every query parameter that
 * holds `setcookies` (in its name or value) is dropped, the rest kept in
 * order, the hash too. null when there is nothing to drop.
 */
export function withoutReset(href: string): string | null {
  const url = new URL(href)
  if (!wantsReset(url.search)) return null
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !safeDecode(part).toLowerCase().includes('setcookies'))
  url.search = kept.length ? `?${kept.join('&')}` : ''
  return url.pathname + url.search + url.hash
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return s
  }
}

/** Whether the visitor must choose: undecided, or decided under another revision of the cookie list. */
export function mustAsk(decided: boolean, cookieRevision: number, configRevision: number): boolean {
  return !decided || cookieRevision !== configRevision
}

/**
 * The class on <html> under which the first dialog shows: set before the
 * first paint by the head's script (Go's assets.ConsentAskClass, the same
 * name), then kept or removed by ConsentManager.
 */
export const CONSENT_ASK_CLASS = 'consent-ask'
