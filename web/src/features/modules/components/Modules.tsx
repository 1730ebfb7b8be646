import type { CSSProperties } from 'react'
import { formatPhone, telHref } from '../../../lib/format'
import { type Lang, useT } from '../../../lib/i18n'
import type { Agency } from '../../../lib/site/types'
import { textIn } from '../../../lib/site/text'
import { below, Heading, levelOf, type Level } from '../../../lib/ui/Heading'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { CardGrid } from '../../properties/components/CardGrid'
import type { ModuleView } from '../api/types'
import './modules.css'

export interface ModulesProps {
  modules: ModuleView[] | null | undefined
  lang: Lang
  agency: Agency
  /** The highest heading level a module title may take (2 under a page's h1). */
  minLevel?: Level
  /** A module title equal to this (the page's h1) is not repeated. */
  pageTitle?: string
}

/** The modules of a page, in the order Go sends them (sorted, published only). */
export function Modules({ modules, lang, agency, minLevel = 2, pageTitle }: ModulesProps) {
  return (
    <>
      {(modules ?? []).map((m) => (
        <Module key={m.id} module={m} lang={lang} agency={agency} minLevel={minLevel} pageTitle={pageTitle} />
      ))}
    </>
  )
}

function Module({ module: m, lang, agency, minLevel, pageTitle }: { module: ModuleView; lang: Lang; agency: Agency; minLevel: Level; pageTitle?: string }) {
  const t = useT()
  const level = levelOf(m.titleSize, minLevel, 2)
  const showTitle = !!m.title && m.title !== pageTitle
  const headingId = `module-${m.id}`
  const inner = below(showTitle ? level : (Math.max(minLevel - 1, 1) as Level))
  const className = ['module', `module-${m.view || 'text'}`, m.class].filter(Boolean).join(' ')
  const head = (
    <>
      {showTitle && (
        <Heading level={level} id={headingId} className="module-title">
          {m.title}
        </Heading>
      )}
      {m.description && <p className="module-description">{m.description}</p>}
    </>
  )
  let body = null
  switch (m.view) {
    case 'property-list':
    case 'latest-offers':
    case 'spotlight-sale':
    case 'spotlight-rent': {
      const items = (m.items ?? []).slice(0, m.maxItems > 0 ? m.maxItems : undefined)
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
      body = (
        <ul className="services" style={{ '--cols': Math.min(4, m.numberItemOfRow || 3) } as CSSProperties}>
          {(m.entries ?? []).slice(0, m.maxItems > 0 ? m.maxItems : undefined).map((e, i) => {
            const title = textIn(e.title, lang)
            return (
              <li key={i} className="service">
                {title && (
                  <Heading level={inner} className="service-title">
                    {e.link ? <SmartLink href={e.link}>{title}</SmartLink> : title}
                  </Heading>
                )}
                {textIn(e.description, lang) && <p>{textIn(e.description, lang)}</p>}
              </li>
            )
          })}
        </ul>
      )
      break
    case 'testimonials':
      body = (
        <ul className="testimonials" style={{ '--cols': Math.min(4, m.numberItemOfRow || 3) } as CSSProperties}>
          {(m.entries ?? []).slice(0, m.maxItems > 0 ? m.maxItems : undefined).map((e, i) => {
            const title = textIn(e.title, lang)
            return (
              <li key={i}>
                <figure className="testimonial">
                  {title && (
                    <Heading level={inner} className="testimonial-title">
                      {title}
                    </Heading>
                  )}
                  <blockquote>
                    <p>{textIn(e.description, lang)}</p>
                  </blockquote>
                  {e.author && <figcaption>{e.author}</figcaption>}
                </figure>
              </li>
            )
          })}
        </ul>
      )
      break
    case 'contact':
      body = <ContactDetails agency={agency} lang={lang} level={inner} />
      break
  }
  return (
    <section className={className} aria-labelledby={showTitle ? headingId : undefined}>
      <div className="container">
        {head}
        {body}
      </div>
    </section>
  )
}

/** The agency's address, phone, email and opening hours (no form yet). */
export function ContactDetails({ agency: a, lang, level }: { agency: Agency; lang: Lang; level: Level }) {
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
        {a.vatNumber && <p className="muted">{t('contact.vat')}: {a.vatNumber}</p>}
      </address>
      {hours.length > 0 && (
        <div className="contact-card">
          <Heading level={level}>{t('contact.openingHours')}</Heading>
          <dl className="opening-hours">
            {hours.map((d) => (
              <div key={d.day}>
                <dt>{t(`contact.day.${d.day}`)}</dt>
                <dd>
                  {d.hours && d.hours.length > 0
                    ? d.hours.map((h) => `${h.from}–${h.to}`).join(', ')
                    : textIn(d.text, lang) || t('contact.closed')}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  )
}
