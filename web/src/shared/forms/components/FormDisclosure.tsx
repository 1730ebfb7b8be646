import { Children, createElement, type ReactNode } from 'react'
import { usePage, type PostProps } from '../../../lib/router'

/**
 * A form behind a disclosure (`<details>`, id: the anchor its post comes
 * back to; the property page's): it opens without JavaScript, from its
 * summary (a button's look, icon: its data-icon) or a link to it, and is
 * open after a refused post of its kind, so the visitor sees the errors and
 * what they typed.
 */
export function FormDisclosure({ kind, id, className, icon, summary, children }: {
  kind: string
  id: string
  className: string
  icon?: string
  summary: ReactNode
  children: ReactNode
}) {
  const { props } = usePage<PostProps>()
  // The summary and the children side by side, as siblings of one list (the
  // ids React gives the form's fields are those of a <details> written out).
  return createElement(
    'details',
    { id, className, open: props.form?.name === kind || undefined },
    <summary className="button button-outline" data-icon={icon}>{summary}</summary>,
    ...Children.toArray(children),
  )
}
