/** The Inertia page object: what the server sends on every response. */
export interface Page<P = Record<string, unknown>> {
  /** View name, a key of the page registry (src/app/pages.ts). */
  component: string
  props: P
  /** Path and query of the page, as the address bar should show it. */
  url: string
  /** Asset version; a mismatch makes the server answer 409 + X-Inertia-Location. */
  version: string | null
  /**
   * The page is an account's (the server's private pages): the browser's
   * history keeps only its address, and going back to it asks the server
   * again — after a logout, or a change made since, it shows what is true
   * now.
   */
  private?: boolean
}

export interface VisitOptions {
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /**
   * Query parameters for GET, a JSON body otherwise; a FormData is sent as
   * multipart/form-data (a form with a file), and only with another method.
   */
  data?: Record<string, unknown> | FormData
  /** Replace the current history entry instead of pushing a new one. */
  replace?: boolean
  preserveScroll?: boolean
  /** Keep the page component mounted (its local state survives). */
  preserveState?: boolean
  headers?: Record<string, string>
}

/** Renders a page and commits it synchronously (the app uses flushSync). */
export type Swap = (page: Page, opts: { preserveState: boolean }) => void | Promise<void>

export interface Router {
  readonly page: Page
  visit(url: string, opts?: VisitOptions): Promise<void>
  prefetch(url: string): void
  /** Whether a click on this href should be handled by the router. */
  isLocal(url: string): boolean
  /** The app connects its renderer once mounted. */
  connect(swap: Swap): void
  subscribe(fn: (page: Page) => void): () => void
}

/**
 * The server answered a post with something other than a page object: a
 * fault on our side, unlike a network failure (a TypeError from fetch).
 */
export class ServerError extends Error {
  constructor(readonly status: number) {
    super(`server answered ${status}`)
    this.name = 'ServerError'
  }
}

/**
 * What a page carries after a post of one of its forms (route.Base's
 * errors and form, as generated): the form posted and what was typed, and
 * per field the translation key of its problem ("form": the form's own).
 */
export type PostProps = Pick<import('../../gen/pages').HomeProps, 'errors' | 'form'>
