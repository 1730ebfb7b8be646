import { ServerError, type Page, type Router, type Swap, type VisitOptions } from './types'

type Outcome = { page: Page } | { location: string }
/** A history entry: the page, or a private page's address only (Page.private). */
type HistoryState = { page?: Page; url?: string; scroll: [number, number] }

/** What history keeps of p. */
const kept = (p: Page): Pick<HistoryState, 'page' | 'url'> => (p.private ? { url: p.url } : { page: p })

/** How long a hover-prefetched response may be used for a visit. */
export const PREFETCH_TTL = 30_000

/**
 * A small client for the Inertia protocol: visits fetch the next page object
 * with X-Inertia headers, pushState/popstate drive history, scroll positions
 * live in history.state, a 409 with X-Inertia-Location (asset version
 * changed, or an external redirect) and any non-Inertia answer become a full
 * page load.
 */
export function createRouter(initialPage: Page, win: Window = window): Router {
  let page = initialPage
  let swap: Swap = () => {}
  let current: AbortController | null = null
  const listeners = new Set<(page: Page) => void>()
  const cache = new Map<string, { at: number; outcome: Promise<Outcome> }>()
  const hist = win.history

  const resolve = (url: string) => new URL(url, win.location.href)
  const key = (url: string) => { const u = resolve(url); return u.pathname + u.search }
  const scroll = (): [number, number] => [win.scrollX, win.scrollY]
  const saveScroll = () => hist.replaceState({ ...hist.state, scroll: scroll() }, '')
  /**
   * The current entry gets the page shown and its scroll, when the visitor leaves it for another: what going
   * back restores. Not at start: copying a page object into history took ~10 ms of a phone's first task.
   */
  const rememberPage = () => hist.replaceState({ ...kept(page), scroll: scroll() } satisfies HistoryState, '')
  const hard = (url: string) => win.location.assign(url)
  /**
   * Tells the server a prefetched page is shown: its prefetch (sent with
   * Purpose: prefetch) did not count as a visit of the page, this does
   * (answered 204, nothing else; internal/http/web/pagevisits.go).
   */
  const shown = (url: string) => {
    try {
      void Promise.resolve(win.fetch(resolve(url).href, {
        method: 'GET', headers: { 'X-Prefetched-Visit': '1' }, credentials: 'same-origin', keepalive: true,
      })).catch(() => {})
    } catch {
      // only a count is lost
    }
  }

  async function load(url: string, opts: VisitOptions, signal?: AbortSignal): Promise<Outcome> {
    const method = (opts.method ?? 'get').toUpperCase()
    const target = resolve(url)
    const headers: Record<string, string> = {
      Accept: 'text/html, application/xhtml+xml',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Inertia': 'true',
      ...opts.headers,
    }
    if (page.version) headers['X-Inertia-Version'] = page.version
    let body: string | FormData | undefined
    if (opts.data instanceof FormData) {
      body = opts.data // fetch writes the multipart Content-Type with its boundary
    } else if (method === 'GET') {
      for (const [k, v] of Object.entries(opts.data ?? {})) if (v != null) target.searchParams.set(k, String(v))
    } else if (opts.data) {
      body = JSON.stringify(opts.data)
      headers['Content-Type'] = 'application/json'
    }
    target.hash = ''
    const res = await win.fetch(target.href, { method, headers, body, credentials: 'same-origin', signal })
    const location = res.headers.get('X-Inertia-Location')
    if (res.status === 409 && location) return { location }
    if (!res.headers.get('X-Inertia')) {
      // A post answered by something other than a page (a proxy's 502, a
      // crash): reloading would lose what the visitor typed.
      if (method !== 'GET') throw new ServerError(res.status)
      return { location: res.url || target.href }
    }
    return { page: (await res.json()) as Page }
  }

  async function show(next: Page, opts: VisitOptions & { hash?: string }) {
    const url = next.url + (opts.hash ?? '')
    if (opts.replace || url === win.location.pathname + win.location.search + win.location.hash) {
      hist.replaceState({ ...kept(next), scroll: scroll() } satisfies HistoryState, '', url)
    } else {
      rememberPage()
      hist.pushState({ ...kept(next), scroll: [0, 0] } satisfies HistoryState, '', url)
    }
    page = next
    await swap(next, { preserveState: !!opts.preserveState })
    if (!opts.preserveScroll) {
      const anchor = opts.hash ? win.document.getElementById(decodeURIComponent(opts.hash.slice(1))) : null
      if (anchor) anchor.scrollIntoView()
      else win.scrollTo(0, 0)
    }
    listeners.forEach((fn) => fn(next))
  }

  const router: Router = {
    get page() { return page },

    async visit(url, opts = {}) {
      const get = (opts.method ?? 'get') === 'get'
      if (get && opts.data instanceof FormData) throw new Error('router: FormData is a post\'s body, not a query')
      if (!get) cache.clear()
      current?.abort()
      const ctl = (current = new AbortController())
      const hit = get && !opts.data ? cache.get(key(url)) : undefined
      if (hit) cache.delete(key(url))
      try {
        const prefetched = !!hit && Date.now() - hit.at < PREFETCH_TTL
        const outcome = await (prefetched ? hit!.outcome : load(url, opts, ctl.signal))
        if (ctl !== current) return // a later visit won
        if ('location' in outcome) return hard(outcome.location)
        if (prefetched) shown(outcome.page.url)
        const hash = resolve(url).hash
        const samePath = resolve(outcome.page.url).pathname === resolve(url).pathname
        // A scroll kept is the same page's (a filter, a form sent back with
        // its errors); a post that lands on another page (its thank-you
        // page) opens it at the top.
        await show(outcome.page, { ...opts, preserveScroll: opts.preserveScroll && samePath, hash: hash && samePath ? hash : undefined })
      } catch (err) {
        if (ctl.signal.aborted) return
        if (get) hard(resolve(url).href) // network trouble: let the browser try
        else throw err
      } finally {
        if (current === ctl) current = null
      }
    },

    prefetch(url) {
      const k = key(url)
      const hit = cache.get(k)
      if (hit && Date.now() - hit.at < PREFETCH_TTL) return
      // Marked, so the server does not count a page the visitor may never see.
      const outcome = load(url, { headers: { Purpose: 'prefetch' } })
      outcome.catch(() => cache.delete(k))
      cache.set(k, { at: Date.now(), outcome })
    },

    isLocal(url) {
      const u = resolve(url)
      return u.origin === win.location.origin && (u.protocol === 'http:' || u.protocol === 'https:')
    },

    connect(fn) { swap = fn },

    subscribe(fn) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
  }

  if ('scrollRestoration' in hist) hist.scrollRestoration = 'manual'
  const previous = (hist.state as HistoryState | null)?.scroll
  // A private page's entry holds its address only, a small copy: at once (the site editor's preview asks its page again by it).
  if (page.private) hist.replaceState({ ...kept(page), scroll: previous ?? scroll() } satisfies HistoryState, '')
  if (previous) win.scrollTo(previous[0], previous[1])
  win.addEventListener('pagehide', saveScroll)
  win.addEventListener('popstate', async (event: PopStateEvent) => {
    const state = event.state as HistoryState | null
    if (state?.url && !state.page) {
      // A private page: asked again, in place of its entry.
      await router.visit(state.url, { replace: true, preserveScroll: true })
      win.scrollTo(state.scroll[0], state.scroll[1])
      return
    }
    if (!state?.page) {
      // A plain #hash entry: the browser handles it, unless it belongs to another page — that page is loaded again
      // (reload: assigning the address shown, #hash and all, is a fragment navigation that fires popstate again).
      if (key(win.location.href) !== key(page.url)) win.location.reload()
      return
    }
    current?.abort()
    page = state.page
    await swap(page, { preserveState: false })
    win.scrollTo(state.scroll[0], state.scroll[1])
    listeners.forEach((fn) => fn(page))
  })

  return router
}
