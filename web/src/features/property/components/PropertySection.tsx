import type { ReactNode } from 'react'
import { Static } from '../../../lib/hydration/Static'

/**
 * A section of the property page under its heading, which labels it (id:
 * the heading's is `${id}-title`); hideTitle keeps the heading for screen
 * readers only; className adds to property-section. With deps (what its
 * content depends on) it never moves in the browser: hydration keeps the
 * server's HTML (lib/hydration/Static).
 */
export function PropertySection({ id, title, hideTitle, className, deps, children }: { id: string; title: string; hideTitle?: boolean; className?: string; deps?: unknown[]; children: ReactNode }) {
  const host = { 'aria-labelledby': `${id}-title`, className: className ? `property-section ${className}` : 'property-section' }
  const content = (
    <>
      <h2 id={`${id}-title`} className={hideTitle ? 'sr-only' : undefined}>
        {title}
      </h2>
      {children}
    </>
  )
  if (deps)
    return (
      <Static as="section" deps={deps} {...host}>
        {content}
      </Static>
    )
  return <section {...host}>{content}</section>
}
