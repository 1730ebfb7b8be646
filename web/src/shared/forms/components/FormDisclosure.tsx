import { Children, createElement, useEffect, useState, type ReactNode, type SyntheticEvent } from 'react'
import { useT } from '../../../lib/i18n'
import { usePage, type PostProps } from '../../../lib/router'
import { openFormHref } from '../../../lib/ui/disclosure'

/**
 * A form behind a disclosure (`<details>`, id: the anchor its post comes
 * back to; the property page's). The form is rendered only once opened: a
 * page of five closed forms carried some 420 elements the visitor never
 * opens, which the phone styled and laid out all the same (issue #34).
 *
 * Opened by its summary (a button's look, icon: its data-icon), the form
 * renders in place. Without JavaScript the open disclosure holds a link to
 * the page with this form open (?open=kind), which the server answers as
 * it answers a refused post of this kind: open, and then with the errors
 * and what was typed. A disclosure opened before its code arrived (its
 * summary clicked while the page loads) shows its form once it has.
 */
export function FormDisclosure({ kind, id, className, icon, summary, children }: {
  kind: string
  id: string
  className: string
  icon?: string
  summary: ReactNode
  children: ReactNode
}) {
  const t = useT()
  const { props } = usePage<PostProps>()
  const asked = props.form?.name === kind
  const [opened, setOpened] = useState(asked)
  const [details, setDetails] = useState<HTMLDetailsElement | null>(null)
  // A post's answer asks for it; or the browser opened it before this code ran.
  useEffect(() => {
    if (asked || details?.open) setOpened(true)
  }, [asked, details])
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    if (e.currentTarget.open) setOpened(true)
  }
  // The summary and the children side by side, as siblings of one list (the
  // ids React gives the form's fields are those of a <details> written out).
  return createElement(
    'details',
    { id, className, open: asked || undefined, onToggle, ref: setDetails },
    <summary className="button button-outline" data-icon={icon}>{summary}</summary>,
    ...(opened
      ? Children.toArray(children)
      : [
          <p key="open" className="disclosure-open">
            <a href={openFormHref(kind, id)}>{t('forms.showForm')}</a>
          </p>,
        ]),
  )
}
