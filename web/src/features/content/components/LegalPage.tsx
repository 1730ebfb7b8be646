import { HtmlContent } from '../../../lib/ui/HtmlContent'
import type { LegalPageProps } from '../model/types'
import './content.css'

/** A legal page: title and content. */
export function LegalPage({ title, titleLang, content, contentLang }: LegalPageProps) {
  return (
    <div className="page legal-page">
      <div className="container">
        <h1 lang={titleLang}>{title}</h1>
        <HtmlContent className="prose" html={content} lang={contentLang} />
      </div>
    </div>
  )
}
