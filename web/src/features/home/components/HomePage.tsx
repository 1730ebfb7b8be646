import { Slice } from '../../../lib/hydration/slices'
import { useLang } from '../../../lib/i18n'
import { Modules } from '../../../shared/modules'
import type { HomeProps } from '../model/types'
import { Banner } from './Banner'
import { SearchBlock } from './SearchBlock'
import './home.css'

/**
 * Home: the banner (its title is the page's h1), the optional quick search
 * block, then the modules in the configured order (latest offers,
 * spotlights, services, testimonials…).
 */
export function HomePage({ banner, searchBlock, modules, site }: HomeProps) {
  const lang = useLang()
  return (
    <div className="home">
      <Banner banner={banner} agency={site.agency} />
      {searchBlock && (
        <Slice>
          <SearchBlock block={searchBlock} saleList={site.links.sale} />
        </Slice>
      )}
      <Modules modules={modules} lang={lang} agency={site.agency} minLevel={2} />
    </div>
  )
}
