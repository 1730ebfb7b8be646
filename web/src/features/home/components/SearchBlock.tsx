import { Link } from '../../../lib/router'
import { useT } from '../../../lib/i18n'
import type { SearchBlockView } from '../api/types'

/** The quick search block: title, description, for-sale and for-rent buttons (with counts when configured). */
export function SearchBlock({ block: b }: { block: SearchBlockView }) {
  const t = useT()
  return (
    <section className="search-block" aria-labelledby="search-block-title">
      <div className="container">
        <div className="search-block-card">
          {b.logo && <img className="search-block-logo" src={b.logo} alt="" height={48} width={180} />}
          <h2 id="search-block-title">{b.title || t('home.searchTitle')}</h2>
          {b.description && <p className="search-block-description">{b.description}</p>}
          <p className="search-block-buttons">
            {b.saleHref && (
              <Link href={b.saleHref} className="button">
                {t('common.forSale')}
                {b.showCounts && ` (${b.saleCount})`}
              </Link>
            )}
            {b.rentHref && (
              <Link href={b.rentHref} className="button button-outline">
                {t('common.forRent')}
                {b.showCounts && ` (${b.rentCount})`}
              </Link>
            )}
          </p>
        </div>
      </div>
    </section>
  )
}
