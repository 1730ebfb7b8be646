// The server's memo of page parts (lib/memo/ServerMemo): the HTML of the
// footer, the menus, the cards, rendered once per engine and key and then
// reused, since React costs ~20 µs per element in QuickJS.
import { createElement, type ReactElement } from 'react'
import * as ReactDOM from 'react-dom'
import type { ImagePreload, MemoPart, MemoStore } from '../lib/memo/ServerMemo'

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
      get: (key) => {
        const part = this.get(key)
        // The page rendered with the part in place preloaded its pictures: so does the reused part.
        if (part) preloadImages(part.preloads)
        return part
      },
      missed: (key, element) => {
        if (!this.parts.has(key) && !misses.some((m) => m.key === key)) misses.push({ key, element })
      },
    }
  }

  /**
   * Keeps the parts a render missed. render gives an element's markup
   * rendered on its own (with the page's contexts). A part is kept only when
   * the page, rendered with it in place, holds exactly that markup, and the
   * pictures React preloaded for it come out of preloadImages the same: a
   * part that depends on its place (a useId, a context the page provides and
   * render does not) never is, and renders in place every time.
   */
  learn(body: string, misses: Miss[], render: (element: ReactElement) => string): void {
    for (const { key, element } of misses) this.set(key, reusable(body, render(element), render))
  }

  private set(key: string, part: MemoPart | null): void {
    this.parts.delete(key)
    this.parts.set(key, part)
    while (this.parts.size > this.limit) this.parts.delete(this.parts.keys().next().value!)
  }
}

/**
 * Preloads pictures as React does for an img not loaded lazily (during a render: React hoists them
 * to the top). Preact's layer (IMMO_RUNTIME=preact) has no preload and hoists none: nothing to repeat.
 */
const preload = (ReactDOM as Partial<typeof ReactDOM>).preload
function preloadImages(preloads: ImagePreload[]): void {
  if (!preload) return
  for (const { href, imageSrcSet, imageSizes } of preloads) preload(href, { as: 'image', imageSrcSet, imageSizes })
}

/** Renders nothing but preloads (reusable checks they come out as the page had them). */
function Preloads({ preloads }: { preloads: ImagePreload[] }) {
  preloadImages(preloads)
  return null
}

const HOISTED = /^(?:<link [^>]*\/>)*/

function reusable(body: string, markup: string, render: (element: ReactElement) => string): MemoPart | null {
  // React puts an img's preload at the top of the page: before the element when rendered alone.
  const links = HOISTED.exec(markup)![0]
  const own = markup.slice(links.length)
  const html = innerHTML(own)
  if (html === null || !body.includes(own)) return null
  if (links === '') return { html, preloads: [] }
  const preloads = imagePreloads(links)
  if (preloads === null || render(createElement(Preloads, { preloads })) !== links) return null
  return { html, preloads }
}

/**
 * The content of one element's markup, <tag …>content</tag>; null when it
 * is not one element (React escapes > in attribute values, so the first >
 * ends the start tag).
 */
export function innerHTML(element: string): string | null {
  const tag = /^<([a-z][a-z0-9-]*)[\s>]/.exec(element)?.[1]
  const end = `</${tag}>`
  if (!tag || !element.endsWith(end)) return null
  const start = element.indexOf('>') + 1
  return start <= element.length - end.length ? element.slice(start, element.length - end.length) : null
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' }

/** React's <link rel="preload" as="image" …/> tags as preloads; null for any other link. */
export function imagePreloads(links: string): ImagePreload[] | null {
  const out: ImagePreload[] = []
  for (const link of links.match(/<link [^>]*\/>/g) ?? []) {
    const attrs: Record<string, string> = {}
    for (const [, name, value] of link.matchAll(/ ([A-Za-z]+)="([^"]*)"/g)) attrs[name] = value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e])
    const { rel, as, href, imageSrcSet, imageSizes, ...rest } = attrs
    if (rel !== 'preload' || as !== 'image' || Object.keys(rest).length > 0 || !(href || imageSrcSet)) return null
    // With a srcset React names no href, but preload needs one: the srcset stands in, unused.
    out.push({ href: href ?? imageSrcSet, imageSrcSet, imageSizes })
  }
  return out
}
