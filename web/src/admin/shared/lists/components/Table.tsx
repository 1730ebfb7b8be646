import type { ReactNode } from 'react'
import type { T } from '../../texts'

/** A column's heading: its words, or (sr) words said to screen readers only, over a column of buttons. */
export type Heading = string | { sr: string }

/**
 * A list page's table: its headings, then a row per item (row, keyed by the caller). On a phone each row is a card
 * whose cells name themselves (data-label, admin-rows). none, when given, is said instead of an empty table.
 */
export function Table<R>({ rows, row, head, none, className = 'admin-table admin-rows' }: {
  rows: R[]
  row: (r: R) => ReactNode
  head: Heading[]
  none?: string
  className?: string
}) {
  if (none !== undefined && rows.length === 0) return <p>{none}</p>
  return (
    <div className="admin-table-wrap">
      <table className={className}>
        <thead>
          <tr>
            {head.map((h, i) => <th key={i} scope="col">{typeof h === 'string' ? h : <span className="admin-sr">{h.sr}</span>}</th>)}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  )
}

/**
 * The filter's refusals, each on a line of its own under the form (its id, when given, the one the field's
 * aria-describedby names); skip: the errors said elsewhere (the form's own, which the frame says).
 */
export function Refusals({ errors, t, id, skip = ['form'] }: {
  errors?: Partial<Record<string, string>>
  t: T
  id?: (name: string) => string
  skip?: string[]
}) {
  return Object.entries(errors ?? {}).map(([name, key]) => key && !skip.includes(name) && (
    <p key={name} id={id?.(name)} className="admin-error" role="alert">{t(key)}</p>
  ))
}

/** Who a row is about: their name (their address when they gave none) and a tag beside it, their address under it. */
export function Who({ name, email, tag }: { name: string; email: string; tag?: ReactNode }) {
  return (
    <>
      <strong className="admin-wrap">{name || email}</strong>{tag && <> {tag}</>}
      {name && <div className="admin-wrap">{email}</div>}
    </>
  )
}
