import type { ListingLink } from '../../../../gen/admin'
import type { T } from '../../texts'

/** A property (or project) by its title and address, linked to its page; its number, marked gone, when the site no longer has it. */
export function ListingName({ l, t }: { l: ListingLink; t: T }) {
  const title = l.href ? <a href={l.href}>{l.title}</a> : <span>{l.title}</span>
  return (
    <span className="admin-listing admin-wrap">
      {title}
      {l.address && <span className="admin-small"> · {l.address}</span>}
      {l.gone && <span className="admin-small"> ({t('admin.listing.gone')})</span>}
    </span>
  )
}
