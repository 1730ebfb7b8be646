import { createContext, createElement, useContext, type AllHTMLAttributes, type JSX, type ReactElement, type ReactNode } from 'react'
import { OwnIds } from '../hydration/ids'
import { Slice } from '../hydration/slices'
import { Static } from '../hydration/Static'
import { useLang } from '../i18n'

/**
 * Where the server keeps the HTML of parts it rendered before (src/server/memo.ts).
 * Only the server entry provides one: in the browser and in tests ServerMemo
 * renders its element as any other.
 */
export interface MemoStore {
  /** The part under key, if rendered before. */
  get(key: string): MemoPart | undefined
  /** key is unknown: element (the host with its children) renders in place this time; the store may render it apart for the next. */
  missed(key: string, element: ReactElement): void
}

export const MemoStoreContext = createContext<MemoStore | null>(null)

/** A part rendered before. */
export interface MemoPart {
  /** The host element's inner HTML. */
  html: string
}

type Tag = keyof JSX.IntrinsicElements

export type ServerMemoProps = AllHTMLAttributes<HTMLElement> & {
  /** The host element, which stays in the page: the memoised HTML is its content. */
  as: Tag
  /** The part's name. */
  part: string
  /**
   * Everything the children's markup depends on besides the page's language,
   * which is always part of the key: a host prop too when the content
   * depends on it (a select's value marks an option selected). The children
   * must not read the page (usePage) nor use useId: the HTML is reused on
   * other pages and at other places in the tree; give explicit ids instead.
   */
  deps: unknown[]
  /**
   * The part never moves in the browser (links only): hydration keeps the server's HTML and runs none of
   * its code (lib/hydration/Static), instead of hydrating it as a Slice.
   */
  static?: boolean
  children: ReactNode
}

/**
 * A part of the page that is the same on many pages (the footer, the menus,
 * a card) and costs much to render in the server's interpreter (every element
 * counts in QuickJS). On the server, the host element's content
 * is rendered once per (part, language, deps) and then reused as its inner
 * HTML; the browser renders and hydrates the children, which make the same
 * markup, as a Slice (lib/hydration): when the page's hydration has spent a
 * task's share, in a later task.
 */
export function ServerMemo({ as, part, deps, static: isStatic, children, ...host }: ServerMemoProps) {
  const store = useContext(MemoStoreContext)
  const lang = useLang()
  // The browser: one element without useId, the same on many pages — a part kept as the server's HTML, or
  // one that may hydrate in a later task.
  if (!store) {
    if (isStatic) return <Static as={as} deps={[lang, ...deps]} {...host}>{children}</Static>
    return <Slice>{createElement(as, host, children)}</Slice>
  }
  const key = `${part}\u0000${lang}\u0000${JSON.stringify(deps)}`
  const done = store.get(key)
  // Within its own id scope (a Slice's, or Static's: OwnIds), as in the browser: it takes its number where it stands.
  const Part = isStatic ? OwnIds : Slice
  if (done) return <Part>{createElement(as, { ...host, ...marked(isStatic), dangerouslySetInnerHTML: { __html: done.html } })}</Part>
  const element = createElement(as, { ...host, ...marked(isStatic) }, children)
  store.missed(key, element)
  return <Part>{element}</Part>
}

/** The server's element of a Static part, marked as the browser's is. */
const marked = (isStatic?: boolean) => (isStatic ? { 'data-static': '' } : {})
