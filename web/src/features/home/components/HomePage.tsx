import { useLang } from '../../../lib/i18n'
import { Modules } from '../../modules/components/Modules'
import type { HomeProps } from '../api/types'
import { Banner } from './Banner'
import { SearchBlock } from './SearchBlock'
import './home.css'

/** Home: banner (its title is the page's h1), optional quick search block, modules. */
export function HomePage({ banner, searchBlock, modules, site }: HomeProps) {
  const lang = useLang()
  return (
    <div className="home">
      <Banner banner={banner} agency={site.agency} lang={lang} />
      {searchBlock && <SearchBlock block={searchBlock} />}
      <Modules modules={modules} lang={lang} agency={site.agency} minLevel={2} />
    </div>
  )
}
