import type { ReactNode } from 'react'

/**
 * A section of the property page under its heading, which labels it (id:
 * the heading's is `${id}-title`); hideTitle keeps the heading for screen
 * readers only; className adds to property-section.
 */
export function PropertySection({ id, title, hideTitle, className, children }: { id: string; title: string; hideTitle?: boolean; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={className ? `property-section ${className}` : 'property-section'}>
      <h2 id={`${id}-title`} className={hideTitle ? 'sr-only' : undefined}>
        {title}
      </h2>
      {children}
    </section>
  )
}
