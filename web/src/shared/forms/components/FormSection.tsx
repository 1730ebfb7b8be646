import type { ReactNode } from 'react'

/**
 * A form in a section of its page (id: the anchor its post comes back to):
 * its heading (titleId: the heading's id, which names the section), an
 * intro, then the form.
 */
export function FormSection({ id, className, titleId, title, intro, children }: {
  id: string
  className: string
  titleId: string
  title: ReactNode
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="muted">{intro}</p>
      {children}
    </section>
  )
}
