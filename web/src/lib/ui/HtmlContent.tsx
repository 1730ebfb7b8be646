import { withNewTabLinks } from '../links'
import { useLinkDelegate } from '../router'

/**
 * Trusted HTML from the site configuration (footer texts, page and legal
 * content), and only that. Its external, tel: and mailto: links open in a
 * new tab (lib/links.ts); a link to a page of this site is a router visit,
 * as a Link would be (lib/router/delegate.ts).
 */
export function HtmlContent({ html, className, lang, as = 'div' }: { html: string; className?: string; lang?: string; as?: 'div' | 'section' }) {
  const links = useLinkDelegate()
  const Tag = as
  return <Tag className={className} lang={lang} {...links} dangerouslySetInnerHTML={{ __html: withNewTabLinks(html) }} />
}
