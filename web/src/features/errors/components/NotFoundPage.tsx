import { useId } from 'react'
import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { BaseProps } from '../../../lib/site/types'
import './errors.css'

/** 404: the page does not exist; a search by city (GET to the sale list) and a link home. */
export function NotFoundPage({ site }: Partial<BaseProps>) {
  const t = useT()
  const id = useId()
  const home = site?.links?.home || '/'
  const sale = site?.links?.sale
  return (
    <div className="page not-found">
      <div className="container not-found-inner">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t('notFound.title')}</h1>
        <p className="not-found-message">{t('errors.notFound')}</p>
        {sale && (
          <form className="not-found-search" method="get" action={sale} role="search">
            <label htmlFor={id}>{t('notFound.searchLabel')}</label>
            <div className="not-found-row">
              <input id={id} type="text" name="city" autoComplete="address-level2" placeholder={t('notFound.searchPlaceholder')} />
              <button type="submit" className="button">
                {t('notFound.searchButton')}
              </button>
            </div>
          </form>
        )}
        <p>
          <Link href={home}>{t('common.backHome')}</Link>
        </p>
      </div>
    </div>
  )
}
