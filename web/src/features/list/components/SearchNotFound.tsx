import { useLang, useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { SearchAnswer } from '../../../shared/search/model/types'
import { entriesOf } from '../../../shared/search'
import { useElementId } from '../../../lib/hydration/ids'

/**
 * The suggestions for a search text that names nothing exactly (SPEC §5),
 * as links: the same entries the search box shows, each leading where it
 * says. The list's summary says that nothing was found.
 */
export function SearchNotFound({ suggestions }: { suggestions: SearchAnswer }) {
  const t = useT()
  const lang = useLang()
  const base = useElementId()
  const entries = entriesOf(suggestions, t, lang, base)
  if (entries.length === 0) return null
  return (
    <nav className="search-not-found" aria-labelledby={`${base}-title`}>
      <p id={`${base}-title`} className="search-not-found-title">
        {t('search.didYouMean')}
      </p>
      <ul>
        {entries.map((e) => (
          <li key={e.id}>
            <Link href={e.href}>{e.main}</Link> <span className="search-not-found-detail">{e.detail}</span>
          </li>
        ))}
      </ul>
    </nav>
  )
}
