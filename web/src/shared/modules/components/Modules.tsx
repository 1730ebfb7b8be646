import type { CSSProperties, ReactNode } from 'react'
import { formatPhone, telHref } from '../../../lib/format'
import { type Lang, useT } from '../../../lib/i18n'
import type { Agency } from '../../../lib/site/types'
import { pick } from '../../../lib/site/text'
import { colVars } from '../../../lib/site/col'
import { below, Heading, levelOf, type Level } from '../../../lib/ui/Heading'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { HtmlContent } from '../../../lib/ui/HtmlContent'
import { sized } from '../../../lib/images'
import { knownIcon } from '../../../lib/ui/icons'
import { CardGrid } from '../../cards'
import { ProjectGrid } from '../../cards/components/ProjectCard'
import type { ModuleView } from '../model/types'
import { Slice } from '../../../lib/hydration/slices'
import { Static } from '../../../lib/hydration/Static'
import './modules.css'

export interface ModulesProps {
  modules: ModuleView[] | null | undefined
  lang: Lang
  agency: Agency
  /** The highest heading level a module title may take (2 under a page's h1). */
  minLevel?: Level
  /** A module title equal to this (the page's h1) is not repeated. */
  pageTitle?: string
  /**
   * The form a contact module holds, at a heading level: given by the pages
   * that accept its post (route.Resolver.Forms), so the form kit stays out
   * of the home page's chunk.
   */
  contactForm?: (level: Level) => ReactNode
  /** The form a testimonial-form module holds, given like contactForm. */
  testimonialForm?: () => ReactNode
  /** The form a job-application module holds (features/content), given alike. */
  jobForm?: (level: Level) => ReactNode
}

/**
 * The modules of a page, in the order Go sends them (sorted; unpublished ones
 * and those whose display condition fails are not sent). A module spans its
 * `col` of the 12-column grid: full-width ones are bands of their own,
 * consecutive narrower ones share a row inside the page's container.
 */
export function Modules({ modules, lang, agency, minLevel = 2, pageTitle, contactForm, testimonialForm, jobForm }: ModulesProps) {
  const one = (m: ModuleView) => (
    <Module key={m.id} module={m} lang={lang} agency={agency} minLevel={minLevel} pageTitle={pageTitle} contactForm={contactForm} testimonialForm={testimonialForm} jobForm={jobForm} />
  )
  return <>{rows(modules ?? []).map((row) => (row.length === 1 && isFull(row[0]) ? one(row[0]) : <div key={`row-${row[0].id}`} className="module-row container">{row.map(one)}</div>))}</>
}

/** The module kinds that hold a form: the only ones with more to do in the browser than their links. */
const WITH_FORM = new Set<string | undefined>(['contact', 'testimonial-form', 'job-application'])

/** A module as wide as the page at every size (col 0 means 12). */
function isFull(m: ModuleView): boolean {
  const c = m.col
  return !c || [c.sm, c.md, c.lg].every((n) => !n || n >= 12)
}

/** Full-width modules alone, runs of narrower ones together. */
function rows(ms: ModuleView[]): ModuleView[][] {
  const out: ModuleView[][] = []
  for (const m of ms) {
    const last = out[out.length - 1]
    if (!isFull(m) && last && !isFull(last[0])) last.push(m)
    else out.push([m])
  }
  return out
}

/** The module's background: a picture, a colour or a gallery of pictures behind its content. */
function background(m: ModuleView): { className?: string; style?: CSSProperties; layer?: ReactNode } {
  const b = m.background
  if (!b) return {}
  switch (b.type) {
    case 'image':
      return b.image ? { className: 'module-bg module-bg-image', style: { backgroundImage: `url("${sized(b.image, 1920)}")`, backgroundSize: 'cover', backgroundPosition: 'center' } } : {}
    case 'color':
      return { className: 'module-bg module-bg-color', style: { backgroundColor: b.color } }
    case 'gallery':
      return {
        className: 'module-bg module-bg-gallery',
        layer: (
          <div className="module-gallery" aria-hidden="true">
            {(b.images ?? []).slice(0, 4).map((src) => (
              <img key={src} src={sized(src, 600)} alt="" loading="lazy" decoding="async" />
            ))}
          </div>
        ),
      }
  }
  return {}
}

function Module({ module: m, lang, agency, minLevel, pageTitle, contactForm, testimonialForm, jobForm }: { module: ModuleView; lang: Lang; agency: Agency; minLevel: Level; pageTitle?: string; contactForm?: ModulesProps['contactForm']; testimonialForm?: ModulesProps['testimonialForm']; jobForm?: ModulesProps['jobForm'] }) {
  const t = useT()
  const level = levelOf(m.titleSize, minLevel, 2)
  const showTitle = !!m.title && m.title !== pageTitle
  const headingId = `module-${m.id}`
  const inner = below(showTitle ? level : (Math.max(minLevel - 1, 1) as Level))
  const bg = background(m)
  const className = ['module', `module-${m.view || 'text'}`, bg.className, m.class].filter(Boolean).join(' ')
  const head = (
    <>
      {showTitle && (
        <Heading level={level} id={headingId} className="module-title" lang={m.titleLang}>
          {m.title}
        </Heading>
      )}
      {m.description && <HtmlContent className="module-description" html={m.description} lang={m.descriptionLang} />}
    </>
  )
  let body = null
  switch (m.view) {
    case 'property-list':
    case 'latest-offers':
    case 'spotlight-sale':
    case 'spotlight-rent': {
      const items = limit(m.items ?? [], m.maxItems)
      body = (
        <>
          {items.length > 0 ? (
            <CardGrid items={items} lang={lang} level={inner} perRow={m.numberItemOfRow} />
          ) : (
            <p className="muted">{t('list.empty')}</p>
          )}
          {m.moreHref && (
            <p className="module-more">
              <SmartLink href={m.moreHref} className="button button-outline" data-icon-end="arrowRight">
                {t('home.seeAll')}
                {showTitle && <span className="sr-only">{`: ${m.title}`}</span>}
              </SmartLink>
            </p>
          )}
        </>
      )
      break
    }
    case 'services':
      body = <Services module={m} lang={lang} level={inner} />
      break
    case 'testimonials':
      body = (
        <>
          <Testimonials module={m} lang={lang} level={inner} />
          {m.moreHref && (
            <p className="module-more">
              <SmartLink href={m.moreHref} className="button button-outline" data-icon-end="arrowRight">
                {t('testimonial.write')}
              </SmartLink>
            </p>
          )}
        </>
      )
      break
    case 'testimonial-form':
      body = testimonialForm?.() ?? null
      break
    case 'project-list':
      body = <ProjectGrid projects={limit(m.projects ?? [], m.maxItems)} level={inner} perRow={m.numberItemOfRow || 3} eager={m.titleSize === 'h1' ? 3 : 0} />
      break
    case 'contact':
      body = (
        <>
          <ContactDetails agency={agency} level={inner} />
          {contactForm?.(inner)}
        </>
      )
      break
    case 'job-application':
      body = jobForm?.(inner)
      break
  }
  const content = (
    <>
      {bg.layer}
      <div className="container">
        {head}
        {body}
        {m.description2 && <HtmlContent className="module-description2" html={m.description2} lang={m.description2Lang} />}
      </div>
    </>
  )
  const host = { className, style: { ...colVars(m.col), ...bg.style }, 'aria-labelledby': showTitle ? headingId : undefined }
  // A module with a form is a Slice (lib/hydration): one <section>, which may hydrate in a later task; the
  // others never move in the browser and stay the server's HTML.
  if (WITH_FORM.has(m.view))
    return (
      <Slice>
        <section {...host}>{content}</section>
      </Slice>
    )
  return (
    <Static as="section" deps={[m, lang]} {...host}>
      {content}
    </Static>
  )
}

/** The first max items (max ≤ 0: all). */
function limit<T>(items: T[], max: number): T[] {
  return max > 0 ? items.slice(0, max) : items
}

/** Services: a picture or icon, a title (linked when configured) and a text each. */
function Services({ module: m, lang, level }: { module: ModuleView; lang: Lang; level: Level }) {
  return (
    <ul className="services" style={{ '--cols': Math.min(4, m.numberItemOfRow || 3) } as CSSProperties}>
      {limit(m.entries ?? [], m.maxItems).map((e, i) => {
        const title = pick(e.title, lang)
        const text = pick(e.description, lang)
        const icon = knownIcon(e.icon)
        return (
          <li key={i} className="service" data-icon={!e.image ? icon : undefined}>
            {e.image && <img className="service-image" src={sized(e.image, 400)} alt="" width={400} height={267} loading="lazy" decoding="async" />}
            {title.text && (
              <Heading level={level} className="service-title" lang={title.lang}>
                {e.link ? <SmartLink href={e.link}>{title.text}</SmartLink> : title.text}
              </Heading>
            )}
            {text.text && <p lang={text.lang}>{text.text}</p>}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Testimonials: the approved ones from the database and the configured
 * entries, as Go sends them (those in the page's language first, at most
 * maxItems). One written in another language says so (lang), for screen
 * readers and hyphenation.
 */
function Testimonials({ module: m, lang, level }: { module: ModuleView; lang: Lang; level: Level }) {
  const t = useT()
  const cols = { '--cols': Math.min(4, m.numberItemOfRow || 3) } as CSSProperties
  const list = (m.testimonials ?? []).filter((x) => x && x.comment)
  return (
    <ul className="testimonials" style={cols}>
      {limit(list, m.maxItems).map((x, i) => (
        <li key={i}>
          <figure className="testimonial" lang={x.lang && x.lang !== lang ? x.lang : undefined}>
            {x.title && (
              <Heading level={level} className="testimonial-title">
                {x.title}
              </Heading>
            )}
            <blockquote>
              <p>{x.comment}</p>
            </blockquote>
            {(x.name || x.picture) && (
              <figcaption>
                {x.picture && <img className="testimonial-picture" src={sized(x.picture, 100)} alt="" width={48} height={48} loading="lazy" decoding="async" />}
                {x.name && (
                  <span>
                    {x.website && /^https?:\/\//i.test(x.website) ? (
                      // A visitor's link: no endorsement, no access to this page.
                      <a href={x.website} rel="nofollow ugc noopener" target="_blank">
                        {x.name}
                      </a>
                    ) : (
                      x.name
                    )}
                    {ABOUT.has(x.about ?? '') && <span className="testimonial-about" lang={x.lang && x.lang !== lang ? lang : undefined}>{t(`testimonial.about.${x.about}`)}</span>}
                  </span>
                )}
              </figcaption>
            )}
          </figure>
        </li>
      ))}
    </ul>
  )
}

/** The "about you" values the testimonial form offers. */
const ABOUT = new Set(['buyer', 'seller', 'tenant', 'landlord'])

/** The agency's address, phone, email and opening hours. */
export function ContactDetails({ agency: a, level }: { agency: Agency; level: Level }) {
  const t = useT()
  const hours = a.openingHours ?? []
  return (
    <div className="contact-details">
      <address className="contact-card">
        <Heading level={level}>{a.name}</Heading>
        <p data-icon="pin">
          <span>
            {a.street}
            <br />
            {a.zip} {a.city}
          </span>
        </p>
        {a.phone && (
          <p data-icon="phone">
            <span>
              <span className="sr-only">{t('common.phone')}: </span>
              <SmartLink href={telHref(a.phone)}>{a.phoneText || formatPhone(a.phone)}</SmartLink>
            </span>
          </p>
        )}
        {a.email && (
          <p data-icon="mail">
            <span>
              <span className="sr-only">{t('common.email')}: </span>
              <SmartLink href={`mailto:${a.email}`}>{a.email}</SmartLink>
            </span>
          </p>
        )}
        {a.vatNumber && <p className="muted">{t('contact.vat')} {a.vatNumber}</p>}
      </address>
      {hours.length > 0 && (
        <div className="contact-card">
          <Heading level={level}>{t('contact.openingHours')}</Heading>
          <dl className="opening-hours">
            {hours.map((d) => (
              <div key={d.day}>
                <dt>{t(`contact.day.${d.day}`)}</dt>
                <dd lang={d.hours?.length ? undefined : d.text ? d.lang : undefined}>
                  {d.hours && d.hours.length > 0 ? d.hours.map((h) => `${h.from}–${h.to}`).join(', ') : d.text || t('contact.closed')}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  )
}
