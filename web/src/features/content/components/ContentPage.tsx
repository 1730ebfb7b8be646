import { useLang, useT } from '../../../lib/i18n'
import { HtmlContent } from '../../../lib/ui/HtmlContent'
import type { Level } from '../../../lib/ui/Heading'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { sized } from '../../../lib/images'
import { deferredForm } from '../../../shared/forms/lazy'
import { Modules } from '../../../shared/modules'
import type { ContentPageProps } from '../model/types'
import type { SiteLink } from '../../../lib/site/types'
import './content.css'
import './testimonial.css' // the testimonial form's, inlined with the page's: its code comes later

// The modules' forms: each with the forms kit a chunk of its own, loaded when
// the visitor turns to it (shared/forms/deferred).
const SiteContactForm = deferredForm(() => import('./SiteContactForm'))
const TestimonialForm = deferredForm(() => import('./TestimonialForm'))
const JobApplicationForm = deferredForm(() => import('./JobApplicationForm'))

const siteContactForm = (level: Level) => <SiteContactForm level={level} />
const testimonialForm = () => <TestimonialForm />
const jobForm = (level: Level) => <JobApplicationForm level={level} />

/** A menu page: title, content, links to its sub-pages, modules (a contact module shows the agency's details and the site contact form, a job-application module the job application form). */
export function ContentPage({ title, titleLang, content, contentLang, modules, children, site, scope, css, subMenu, image }: ContentPageProps) {
  const t = useT()
  const lang = useLang()
  const subPages = children ?? []
  return (
    <div className={`content-page ${scope}`}>
      {/* The page's own CSS, nested under its scope class; checked at load (no <, balanced braces). */}
      {css && <style dangerouslySetInnerHTML={{ __html: css }} />}
      <div className="page">
        <div className="container">
          <h1 lang={titleLang}>{title}</h1>
          {subMenu && subMenu.length > 0 && (
            <nav className="sub-menu" aria-label={t('content.subMenu')}>
              <LinkList links={subMenu} />
            </nav>
          )}
          {image && <img className="content-image" src={sized(image, 1360)} alt="" width={1360} height={680} decoding="async" />}
          {content && <HtmlContent className="prose" html={content} lang={contentLang} />}
          {subPages.length > 0 && (
            <nav className="sub-pages" aria-label={t('content.subPages')}>
              <LinkList links={subPages} />
            </nav>
          )}
        </div>
      </div>
      <Modules modules={modules} lang={lang} agency={site.agency} minLevel={2} pageTitle={title} contactForm={siteContactForm} testimonialForm={testimonialForm} jobForm={jobForm} />
    </div>
  )
}

/** A list of page links, each in its label's language; a link's children nested below it. */
function LinkList({ links }: { links: SiteLink[] }) {
  return (
    <ul>
      {links.map((l) => (
        <li key={l.href}>
          <SmartLink href={l.href} lang={l.lang} aria-current={l.current ? 'page' : undefined}>
            {l.label}
          </SmartLink>
          {l.children && l.children.length > 0 && <LinkList links={l.children} />}
        </li>
      ))}
    </ul>
  )
}
