import { createContext, useContext, useEffect } from 'react'

/** One element for <head>. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link'
  attrs: Record<string, string>
  text?: string
}

/** Set only while rendering on the server: Head pushes its tags here. */
export const HeadCollector = createContext<HeadTag[] | null>(null)

export interface HeadProps {
  title?: string
  /** e.g. { name: 'description', content: '…' } or { property: 'og:title', content: '…' } */
  meta?: Record<string, string>[]
  /** e.g. { rel: 'canonical', href: '…' } or { rel: 'alternate', hreflang: 'fr', href: '…' } */
  links?: Record<string, string>[]
}

/**
 * Declares head elements of the current page. On the server they are
 * collected and returned next to the body (see renderHead); in the browser
 * an effect applies them. Several Head may be mounted (layout + page): the
 * last title wins, meta and link elements add up.
 */
export function Head({ title, meta = [], links = [] }: HeadProps) {
  const tags: HeadTag[] = [
    ...(title !== undefined ? [{ tag: 'title' as const, attrs: {}, text: title }] : []),
    ...meta.map((attrs) => ({ tag: 'meta' as const, attrs })),
    ...links.map((attrs) => ({ tag: 'link' as const, attrs })),
  ]
  const collector = useContext(HeadCollector)
  if (collector) collector.push(...tags)
  const deps = JSON.stringify(tags)
  useEffect(() => apply(tags), [deps]) // eslint-disable-line react-hooks/exhaustive-deps
  return null
}

let serverTagsRemoved = false

function apply(tags: HeadTag[]): () => void {
  if (!serverTagsRemoved) {
    serverTagsRemoved = true
    document.head.querySelectorAll('[data-head="ssr"]').forEach((el) => el.remove())
  }
  const added: Element[] = []
  for (const t of tags) {
    if (t.tag === 'title') {
      document.title = t.text ?? ''
      continue
    }
    const el = document.createElement(t.tag)
    for (const [k, v] of Object.entries(t.attrs)) el.setAttribute(k, v)
    el.setAttribute('data-head', '')
    document.head.appendChild(el)
    added.push(el)
  }
  return () => added.forEach((el) => el.remove())
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Serialises collected tags as HTML strings, the last title only. */
export function renderHead(tags: HeadTag[]): string[] {
  const title = tags.filter((t) => t.tag === 'title').pop()
  const out = title ? [`<title data-head="ssr">${esc(title.text ?? '')}</title>`] : []
  for (const t of tags) {
    if (t.tag === 'title') continue
    const attrs = Object.entries(t.attrs).map(([k, v]) => ` ${esc(k)}="${esc(v)}"`).join('')
    out.push(`<${t.tag}${attrs} data-head="ssr">`)
  }
  return out
}
