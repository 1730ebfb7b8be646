import type { MouseEvent } from 'react'
import { withNewTabLinks } from '../links'
import { useRouter } from '../router'

/**
 * Trusted HTML from the site configuration (footer texts, page and legal
 * content), and only that. Its external, tel: and mailto: links open in a
 * new tab (lib/links.ts); a click on a link to a page of this site is
 * turned into a router visit, as a Link would.
 */
export function HtmlContent({ html, className, lang, as = 'div' }: { html: string; className?: string; lang?: string; as?: 'div' | 'section' }) {
  const router = useRouter()
  const Tag = as
  function onClick(e: MouseEvent<HTMLElement>) {
    if (!router || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = (e.target as Element).closest?.('a')
    if (!a || !e.currentTarget.contains(a)) return
    const href = a.getAttribute('href')
    if (!href || (a.target && a.target !== '_self') || a.hasAttribute('download') || href.startsWith('#') || !router.isLocal(href)) return
    e.preventDefault()
    void router.visit(href)
  }
  return <Tag className={className} lang={lang} onClick={onClick} dangerouslySetInnerHTML={{ __html: withNewTabLinks(html) }} />
}
