import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { NotFoundProps } from '../../../gen/pages'
import { SearchBox } from '../../../shared/search'
import './errors.css'

/**
 * 404: the page does not exist (410, gone: it was removed for good); the search box (compact: types, cities and
 * properties as one types; the text goes to the sale list, which resolves
 * it) and a link home.
 */
export function NotFoundPage({ site, gone }: Partial<NotFoundProps>) {
  const t = useT()
  const home = site?.links?.home || '/'
  const sale = site?.links?.sale
  return (
    <div className="page not-found">
      <div className="container not-found-inner">
        <p className="not-found-code" aria-hidden="true">
          {gone ? 410 : 404}
        </p>
        <h1>{t(gone ? 'notFound.goneTitle' : 'notFound.title')}</h1>
        <p className="not-found-message">{t('errors.notFound')}</p>
        {sale && <SearchBox action={sale} compact label={t('notFound.searchLabel')} placeholder={t('notFound.searchPlaceholder')} className="not-found-search" />}
        <p>
          <Link href={home}>{t('common.backHome')}</Link>
        </p>
      </div>
    </div>
  )
}
