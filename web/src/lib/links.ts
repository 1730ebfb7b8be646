// The one place that decides how a link opens (SPEC §5): addresses that
// begin with http (https too), //, tel: or mailto: open in a new tab with
// rel="noopener"; everything else is a page of this site, followed by the
// router. Same rule as Go's rules.OpensNewTab (checked by the vectors).
import { trimGo } from './format/phone'

const NEW_TAB_PREFIXES = ['http', '//', 'tel:', 'mailto:']

/** Whether href opens in a new tab: case and leading white space ignored. */
export function opensNewTab(href: string): boolean {
  const h = trimGo(href).toLowerCase()
  return NEW_TAB_PREFIXES.some((p) => h.startsWith(p))
}

/** The attributes an <a> to href needs: target and rel for new-tab links. */
export function newTabAttrs(href: string): { target?: '_blank'; rel?: string } {
  return opensNewTab(href) ? { target: '_blank', rel: 'noopener' } : {}
}

/**
 * Trusted configuration HTML with the same rule applied: every <a> whose
 * href opens in a new tab gets target="_blank" and rel="noopener", unless it
 * names a target itself.
 */
export function withNewTabLinks(html: string): string {
  return html.replace(/<a\b([^>]*)>/gi, (tag, attrs: string) => {
    const m = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs)
    const href = m ? (m[1] ?? m[2] ?? m[3] ?? '') : ''
    if (!m || !opensNewTab(href) || /\starget\s*=/i.test(attrs)) return tag
    return `<a${attrs} target="_blank"${/\srel\s*=/i.test(attrs) ? '' : ' rel="noopener"'}>`
  })
}
