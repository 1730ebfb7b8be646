import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import { SearchBox } from '../../../shared/search'
import { fillTotals } from '../model/banner'
import type { SearchBlockView } from '../model/types'

/**
 * The quick search block (SPEC §2): title, description (the for-sale and
 * for-rent totals filled in), optional logo, a for-sale and a for-rent
 * button (each with its count in brackets when configured) and the search
 * box (a GET of the text to the sale list, which resolves it).
 */
export function SearchBlock({ block: b, saleList }: { block: SearchBlockView; saleList?: string }) {
  const t = useT()
  const action = b.saleHref || saleList
  const description = fillTotals(b.description, b.saleCount, b.rentCount)
  return (
    <section className="search-block" aria-labelledby="search-block-title">
      <div className="container">
        <div className="search-block-card">
          {b.logo && <img className="search-block-logo" src={b.logo} alt="" height={48} width={180} />}
          <h2 id="search-block-title" lang={b.title ? b.titleLang : undefined}>{fillTotals(b.title, b.saleCount, b.rentCount) || t('home.searchTitle')}</h2>
          {description && <p className="search-block-description" lang={b.descriptionLang}>{description}</p>}
          {action && <SearchBox action={action} className="search-block-box" />}
          {(b.saleHref || b.rentHref) && (
            <p className="search-block-buttons">
              {b.saleHref && (
                <Link href={b.saleHref} className="button">
                  {b.showCounts ? `${t('common.forSale')} (${b.saleCount})` : t('common.forSale')}
                </Link>
              )}
              {b.rentHref && (
                <Link href={b.rentHref} className="button button-outline">
                  {b.showCounts ? `${t('common.forRent')} (${b.rentCount})` : t('common.forRent')}
                </Link>
              )}
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
