import { useT } from '../i18n'
import { Link } from '../router'

export interface Crumb {
  href: string
  label: string
}

/**
 * The breadcrumb of a view: home, the trail's links, then the current page
 * (aria-current), its text in lang when it fell back to another language.
 */
export function Breadcrumb({ home, trail = [], current, lang }: { home: string; trail?: Crumb[]; current: string; lang?: string }) {
  const t = useT()
  return (
    <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
      <ol>
        <li>
          <Link href={home}>{t('common.home')}</Link>
        </li>
        {trail.map((c) => (
          <li key={c.href}>
            <Link href={c.href}>{c.label}</Link>
          </li>
        ))}
        <li aria-current="page" lang={lang || undefined}>
          {current}
        </li>
      </ol>
    </nav>
  )
}
