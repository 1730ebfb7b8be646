// The server's memo of page parts (lib/memo/ServerMemo): the HTML of the
// footer, the menus, the cards, rendered once per engine and key and then
// reused: each element costs in QuickJS.
import { createElement, Fragment, type ReactElement } from 'react'
import { useElementId } from '../lib/hydration/ids'
import type { MemoPart, MemoStore } from '../lib/memo/ServerMemo'

/** Parts kept per engine; the oldest goes first beyond. */
export const MEMO_LIMIT = 500

export interface Miss {
  key: string
  /** The part's host element with its children, as the page rendered it. */
  element: ReactElement
}

/**
 * A bounded map of parts, oldest first; null marks a part that cannot be
 * reused (see learn), which then renders in place without another try.
 */
export class PartMemo {
  private readonly parts = new Map<string, MemoPart | null>()
  constructor(private readonly limit = MEMO_LIMIT) {}

  get size(): number {
    return this.parts.size
  }

  get(key: string): MemoPart | undefined {
    return this.parts.get(key) ?? undefined
  }

  /** The store one render reads, collecting the parts it rendered in place. */
  store(misses: Miss[]): MemoStore {
    return {
      get: (key) => this.get(key),
      missed: (key, element) => {
        if (!this.parts.has(key) && !misses.some((m) => m.key === key)) misses.push({ key, element })
      },
    }
  }

  /**
   * Keeps the parts a render missed. render gives an element's markup
   * rendered on its own (with the page's contexts). A part is kept only when
   * the page, rendered with it in place, holds exactly that markup, and it
   * comes out the same after another id was given out: a part that depends
   * on its place (a useId, a context the page provides and render does not)
   * never is, and renders in place every time.
   */
  learn(body: string, misses: Miss[], render: (element: ReactElement) => string): void {
    for (const { key, element } of misses) this.set(key, reusable(body, element, render))
  }

  private set(key: string, part: MemoPart | null): void {
    this.parts.delete(key)
    this.parts.set(key, part)
    while (this.parts.size > this.limit) this.parts.delete(this.parts.keys().next().value!)
  }
}

/** Gives out an id, so that a part rendered after it and using useId comes out otherwise. */
function IdTaken() {
  useElementId()
  return null
}

function reusable(body: string, element: ReactElement, render: (element: ReactElement) => string): MemoPart | null {
  const markup = render(element)
  const html = innerHTML(markup)
  if (html === null || !body.includes(markup)) return null
  if (render(createElement(Fragment, null, createElement(IdTaken), element)) !== markup) return null
  return { html }
}

/**
 * The content of one element's markup, <tag …>content</tag>; null when it
 * is not one element. Attribute values are double-quoted with " escaped (a >
 * in one stays as it is: Preact escapes only & < ").
 */
export function innerHTML(element: string): string | null {
  const start = /^<([a-z][a-z0-9-]*)(?:\s+[^\s"'>/=]+(?:="[^"]*")?)*\s*>/.exec(element)
  if (!start) return null
  const end = `</${start[1]}>`
  if (!element.endsWith(end)) return null
  const from = start[0].length
  return from <= element.length - end.length ? element.slice(from, element.length - end.length) : null
}
