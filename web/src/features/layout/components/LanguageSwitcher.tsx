import { Link } from '../../../lib/router'
import { useT } from '../../../lib/i18n'
import type { SiteLink } from '../../../lib/site/types'

/**
 * The same page in each enabled language. Shown only when there is more than
 * one; each link names its language in that language (lang, hreflang).
 */
export function LanguageSwitcher({ languages }: { languages: SiteLink[] | null }) {
  const t = useT()
  if (!languages || languages.length <= 1) return null
  return (
    <nav className="lang-switch" aria-label={t('layout.language')}>
      <ul>
        {languages.map((l) => (
          <li key={l.lang ?? l.href}>
            <Link href={l.href} hrefLang={l.lang} lang={l.lang} aria-current={l.current ? 'true' : undefined}>
              <span aria-hidden="true">{(l.lang ?? '').toUpperCase()}</span>
              <span className="sr-only">{l.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
