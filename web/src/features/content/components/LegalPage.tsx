import { HtmlContent } from '../../../lib/ui/HtmlContent'
import type { LegalPageProps } from '../model/types'
import { CookieTable } from '../../../shared/consent/components/CookieTable' // not the kit's index: the entry holds that
import './content.css'

/** A legal page: title and content; the cookie policy adds the cookies and services in use. */
export function LegalPage({ title, titleLang, content, contentLang, cookies }: LegalPageProps) {
  return (
    <div className="page legal-page">
      <div className="container">
        <h1 lang={titleLang}>{title}</h1>
        <HtmlContent className="prose" html={content} lang={contentLang} />
        {cookies && <CookieTable policy={cookies} />}
      </div>
    </div>
  )
}
