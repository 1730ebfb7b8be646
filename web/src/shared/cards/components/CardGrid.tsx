import type { CSSProperties } from 'react'
import type { Lang } from '../../../lib/i18n'
import type { Level } from '../../../lib/ui/Heading'
import type { Card } from '../model/types'
import { PropertyCard } from './PropertyCard'

export interface CardGridProps {
  items: Card[]
  lang: Lang
  level: Level
  /** Cards per row on wide screens (module numberItemOfRow); 1–4, default 4. */
  perRow?: number
  /** How many first cards load their picture at once (the first row). */
  eager?: number
  /** The first card's picture is the page's main picture (a list page's LCP, which Go's head preloads): fetched first. */
  priority?: boolean
}

/** Cards in a responsive grid: 1 per row on phones, 2 on tablets, perRow on desktops. */
export function CardGrid({ items, lang, level, perRow = 4, eager = 0, priority = false }: CardGridProps) {
  const cols = Math.min(4, Math.max(1, perRow || 4))
  return (
    <ul className="card-grid" style={{ '--cols': cols } as CSSProperties}>
      {items.map((item, i) => (
        <li key={item.ID}>
          <PropertyCard item={item} lang={lang} level={level} eager={i < eager} priority={priority && i === 0} />
        </li>
      ))}
    </ul>
  )
}
