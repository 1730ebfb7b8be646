import type { CSSProperties } from 'react'
import { useT, type TFn } from '../../../lib/i18n'
import { sized, srcSet } from '../../../lib/images'
import { SHELL } from '../../../gen/breakpoints'
import { Link } from '../../../lib/router'
import { Heading, type Level } from '../../../lib/ui/Heading'
import { projectPrices } from '../model/prices'
import type { ProjectCard as Card } from '../model/types'
import '../../../lib/ui/card.css'
import './projectCard.css'

/** Banner thumbnails and list cards ask 400 pixels (SPEC §9), 600 on wide single columns. */
const CARD_WIDTHS = [400, 600] as const

/**
 * A project in a list: picture, price range, name, city, delivery, units
 * available of total. The whole card links to the project; a project with
 * its own site links there, in a new tab (rel=noopener).
 */
export function ProjectCard({ project: p, level, eager = false }: { project: Card; level: Level; eager?: boolean }) {
  const t = useT()
  const pic = p.SmallPictureItem?.Url ? p.SmallPictureItem : p.XLargePictureItem
  const prices = projectPrices(t, p.PriceFrom, p.PriceTo)
  return (
    <article className="card project-card" data-external={p.External || undefined}>
      <div className="card-media">
        {pic?.Url ? (
          <img
            src={sized(pic.Url, 400)}
            srcSet={srcSet(pic.Url, CARD_WIDTHS)}
            sizes={`(min-width: ${SHELL.desktop}px) 380px, (min-width: ${SHELL.tablet}px) 45vw, 100vw`}
            alt=""
            width={400}
            height={267}
            loading={eager ? undefined : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="card-nophoto">{t('common.noPhoto')}</div>
        )}
      </div>
      <div className="card-body">
        {prices && <p className="card-price">{prices}</p>}
        <Heading level={level} className="card-title">
          <ProjectLink project={p} className="card-link" t={t} />
        </Heading>
        <p className="card-place" data-icon="pin">{`${p.Zip} ${p.City}`}</p>
        <dl className="project-card-facts">
          {p.Delivery && (
            <div>
              <dt>{t('project.delivery')}</dt>
              <dd lang={p.DeliveryLang}>{p.Delivery}</dd>
            </div>
          )}
          {p.UnitsTotal > 0 && (
            <div>
              <dt>{t('project.availabilityLabel')}</dt>
              <dd>{t('project.availability', { available: p.UnitsAvailable, total: p.UnitsTotal })}</dd>
            </div>
          )}
        </dl>
        {p.External && (
          <p className="project-card-external" data-icon-end="external" aria-hidden="true">
            {t('project.externalSite')}
          </p>
        )}
      </div>
    </article>
  )
}

/** Project cards in the responsive card grid; "No projects are currently available" when there is none. */
export function ProjectGrid({ projects, level, perRow = 3, eager = 0 }: { projects: Card[] | null | undefined; level: Level; perRow?: number; eager?: number }) {
  const t = useT()
  const list = projects ?? []
  if (list.length === 0) return <p className="muted project-empty">{t('project.noProjects')}</p>
  return (
    <ul className="card-grid" style={{ '--cols': Math.min(4, Math.max(1, perRow || 3)) } as CSSProperties}>
      {list.map((p, i) => (
        <li key={p.ID}>
          <ProjectCard project={p} level={level} eager={i < eager} />
        </li>
      ))}
    </ul>
  )
}

/** A project's name linking to its page, or to its own site in a new tab (which a screen reader is told). */
export function ProjectLink({ project: p, className, t }: { project: Card; className: string; t: TFn }) {
  return p.External ? (
    <a href={p.href} className={className} target="_blank" rel="noopener">
      <ProjectName project={p} />
      <span className="sr-only"> {t('project.newTab')}</span>
    </a>
  ) : (
    <Link href={p.href} className={className}>
      <ProjectName project={p} />
    </Link>
  )
}

/** A project's name, marked with its language when it fell back from the page's. */
export function ProjectName({ project }: { project: Card }) {
  return project.NameLang ? <span lang={project.NameLang}>{project.Name}</span> : <>{project.Name}</>
}
