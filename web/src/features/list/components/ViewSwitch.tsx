import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { listHref } from '../model/query'
import type { Filters, ListView } from '../model/types'

/** List or map: two links that keep the filters and the sort (the map adds view=map), the current one marked. */
export function ViewSwitch({ pageUrl, filters, view }: { pageUrl: string; filters: Filters; view: ListView }) {
  const t = useT()
  return (
    <div className="view-switch" role="group" aria-label={t('list.view.label')}>
      {(['list', 'map'] as const).map((v) => (
        <Link
          key={v}
          href={listHref(pageUrl, filters, { view: v === 'map' ? 'map' : '' })}
          aria-current={v === view ? 'true' : undefined}
          preserveScroll
          className="view-switch-link"
          data-icon={v === 'map' ? 'pin' : undefined}
        >
          {t(`list.view.${v}`)}
        </Link>
      ))}
    </div>
  )
}
