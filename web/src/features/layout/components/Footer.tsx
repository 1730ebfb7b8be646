import type { ComponentType } from 'react'
import { useT } from '../../../lib/i18n'
import { formatPhone, telHref } from '../../../lib/format'
import type { FooterColumn, Shell } from '../../../lib/site/types'
import { textIn } from '../../../lib/site/text'
import { colVars } from '../../../lib/site/col'
import { HtmlContent } from '../../../lib/ui/HtmlContent'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { CookieSettingsButton } from '../../../shared/consent'
import { FooterImage } from './FooterImage'
import { ServerMemo } from '../../../lib/memo/ServerMemo'

/** The newsletter's sign-up form, shown at the top of the footer; home is where a page without an address of its own posts it. */
export type NewsletterSignup = ComponentType<{ home: string }>

/** The newsletter sign-up, footer columns (trusted HTML texts), agency contact, legal links, copyright. */
export function Footer({ site, newsletter: Newsletter }: { site: Shell; newsletter: NewsletterSignup }) {
  const t = useT()
  const a = site.agency
  const columns = site.footer?.columns ?? []
  const legal = site.footer?.legal ?? []
  return (
    <footer className="site-footer">
      <Newsletter home={site.links.home} />
      {columns.length > 0 && (
        // Texts and links stay the server's HTML; a picture loads when near (FooterImage), so hydrates.
        <ServerMemo as="div" className="container footer-columns" part="footer-columns" deps={[columns]} static={!columns.some((c) => c.images?.length)}>
          {columns.map((c, i) => (
            <Column key={i} column={c} lang={site.lang} />
          ))}
        </ServerMemo>
      )}
      <ServerMemo as="div" className="footer-bottom" part="footer-bottom" deps={[a, legal, site.footer?.copyright, site.footer?.copyrightLang]}>
        <div className="container footer-bottom-inner">
          {a.name && (
            <address className="footer-contact">
              <strong>{a.name}</strong>
              {(a.street || a.city) && (
                <span>
                  {a.street}
                  {a.street && ', '}
                  {a.zip} {a.city}
                </span>
              )}
              {a.phone && (
                <SmartLink href={telHref(a.phone)}>
                  <span className="sr-only">{t('common.phone')} </span>
                  {a.phoneText || formatPhone(a.phone)}
                </SmartLink>
              )}
              {a.email && (
                <SmartLink href={`mailto:${a.email}`}>
                  <span className="sr-only">{t('common.email')} </span>
                  {a.email}
                </SmartLink>
              )}
            </address>
          )}
          {/* The cookie settings stay reachable on every page, legal links or not. */}
          <nav aria-label={t('layout.legal')} className="footer-legal">
            <ul>
              {legal.map((l) => (
                <li key={l.href}>
                  <SmartLink href={l.href} lang={l.lang}>
                    {l.label}
                  </SmartLink>
                </li>
              ))}
              <li>
                <CookieSettingsButton />
              </li>
            </ul>
          </nav>
          {site.footer?.copyright && (
            <p className="copyright" lang={site.footer.copyrightLang}>
              {site.footer.copyright}
            </p>
          )}
        </div>
      </ServerMemo>
    </footer>
  )
}

function Column({ column: c, lang }: { column: FooterColumn; lang: string }) {
  return (
    <div className="footer-column" style={colVars(c.col)}>
      {c.title && (
        <h2 className="footer-title" lang={c.titleLang}>
          {c.title}
        </h2>
      )}
      {c.intro && <HtmlContent className="footer-intro" html={c.intro} lang={c.introLang} />}
      {c.text && <HtmlContent className="footer-text" html={c.text} lang={c.textLang} />}
      {c.images?.map((img) => (
        <FooterImage key={img.url} url={img.url} alt={textIn(img.alt, lang)} />
      ))}
    </div>
  )
}
