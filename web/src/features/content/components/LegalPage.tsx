import { HtmlContent } from '../../../lib/ui/HtmlContent'
import type { LegalPageProps } from '../api/types'
import './content.css'

/** A legal page: title and content. */
export function LegalPage({ title, content }: LegalPageProps) {
  return (
    <div className="page legal-page">
      <div className="container">
        <h1>{title}</h1>
        <HtmlContent className="prose" html={content} />
      </div>
    </div>
  )
}
