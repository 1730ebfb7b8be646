// The library's pictures as the inbox shows and picks them. A photo is shown as a small JPEG variant (the picture
// server makes them: internal/adapter/pictures), a PNG as it is (it has no variants). The editor's picker reads the
// library's own page as the router would (its props, JSON), so one page answers both.

/** The address of a small rendition of the picture at url. */
export function thumbnail(url: string, width = 400): string {
  if (!/^\/[^/].*\.jpe?g$/i.test(url)) return url
  return `${url}?width=${width}&height=auto`
}

/** A picture of the library, as its page lists it. */
export type LibraryPicture = { id: number; url: string; name: string; width: number; height: number; alt?: Record<string, string> }

/** The pictures the library's page at href lists; throws when it does not answer them (signed out, a server error). */
export async function loadLibrary(href: string, version?: string, fetcher: typeof fetch = fetch): Promise<LibraryPicture[]> {
  const headers: Record<string, string> = { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', Accept: 'text/html, application/xhtml+xml' }
  if (version) headers['X-Inertia-Version'] = version
  const res = await fetcher(href, { headers, credentials: 'same-origin' })
  if (!res.ok || !res.headers.get('X-Inertia')) throw new Error(`library: ${res.status}`)
  const page = (await res.json()) as { props?: { items?: LibraryPicture[] } }
  return page.props?.items ?? []
}

/**
 * The alternative texts once a picture is chosen: the picture's own, whatever was typed (it described the picture
 * replaced); a language the picture has none in is left empty, so the editor flags it.
 */
export function altOf(chosen: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [l, v] of Object.entries(chosen ?? {})) if (v) out[l] = v
  return out
}
