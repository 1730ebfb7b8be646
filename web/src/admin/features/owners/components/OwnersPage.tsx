import type { OwnerRow, OwnersProps } from '../../../../gen/admin'
import { ListingName } from '../../../shared/listing'
import { Pager, Search } from '../../../shared/lists'
import { PostForm } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { texts, when, type T } from '../../../shared/texts'

/** The owners' accounts: their properties, whether they chose a password, their last invitation, which can be sent again. */
export function OwnersPage(props: OwnersProps) {
  const t = texts(props)
  const rows = props.rows ?? []
  return (
    <Shell base={props} title={t('admin.title.AdminOwners')}>
      <Search action={props.reset} q={props.q} label={t('admin.owners.search')} t={t} />
      {Object.entries(props.errors ?? {}).map(([name, key]) => key && name !== 'form' && name !== 'id' && (
        <p key={name} className="admin-error" role="alert">{t(key)}</p>
      ))}
      {rows.length > 0 && <p className="admin-actions"><a href={props.export} download>{t('admin.export')}</a></p>}
      {rows.length === 0 ? <p>{t('admin.owners.none')}</p> : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-rows">
            <thead>
              <tr>
                <th scope="col">{t('admin.owners.owner')}</th>
                <th scope="col">{t('admin.owners.properties')}</th>
                <th scope="col">{t('admin.staff.state')}</th>
                <th scope="col">{t('admin.owners.lastInvite')}</th>
                <th scope="col">{t('admin.staff.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => <Row key={o.id} o={o} props={props} t={t} />)}
            </tbody>
          </table>
        </div>
      )}
      <Pager prev={props.prev} next={props.next} t={t} />
    </Shell>
  )
}

function Row({ o, props, t }: { o: OwnerRow; props: OwnersProps; t: T }) {
  const failed = props.form?.id === String(o.id) ? props.errors?.id : undefined
  const state = o.disabled ? 'admin.staff.disabled' : o.activated ? 'admin.owners.activated' : 'admin.staff.noPassword'
  return (
    <tr className={o.disabled ? 'admin-off' : undefined}>
      <td>
        <strong className="admin-wrap">{o.name || o.email}</strong> <span className="admin-status">{o.lang.toUpperCase()}</span>
        {o.name && <div className="admin-wrap">{o.email}</div>}
      </td>
      <td data-label={t('admin.owners.properties')}>
        <ul className="admin-listings">
          {(o.properties ?? []).map((p) => <li key={p.id}><ListingName l={p} t={t} /></li>)}
        </ul>
      </td>
      <td data-label={t('admin.staff.state')}>{t(state)}</td>
      <td data-label={t('admin.owners.lastInvite')}>{o.lastInvite ? when(o.lastInvite, props.lang) : t('admin.staff.never')}</td>
      <td>
        <div className="admin-row-actions">
          {!o.disabled && (o.properties ?? []).length > 0 && (
            <PostForm action={props.action} fields={{ action: 'resend', id: String(o.id) }}
              confirm={t('admin.owners.resendConfirm', { email: o.email })}>
              <button type="submit">{t('admin.owners.resend')}</button>
            </PostForm>
          )}
          {failed && <p className="admin-error" role="alert">{t(failed)}</p>}
        </div>
      </td>
    </tr>
  )
}
