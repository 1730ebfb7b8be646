import { useT } from '../i18n'
import { Link } from '../router'
import type { Crumb } from '../../gen/pages'

/**
 * A page's breadcrumb as Go gives it in head.breadcrumb (home first, the
 * page itself last, marked aria-current); each label in its own language
 * when it fell back to another. The document's head carries the same trail
 * as BreadcrumbList structured data. Layout shows it only from two crumbs
 * on (home alone is no trail).
 */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT()
  const last = crumbs.length - 1
  return (
    <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={i} aria-current={i === last ? 'page' : undefined} lang={c.lang || undefined}>
            {i === last || !c.href ? c.label : <Link href={c.href}>{c.label}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  )
}
