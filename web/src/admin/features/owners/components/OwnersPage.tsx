import type { OwnerRow, OwnersProps } from '../../../../gen/admin'
import { ListingName } from '../../../shared/listing'
import { Pager, Refusals, Search, Table, Who } from '../../../shared/lists'
import { posted, PostButton } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { texts, when, type T } from '../../../shared/texts'

/** The owners' accounts: their properties, whether they chose a password, their last invitation, which can be sent again. */
export function OwnersPage(props: OwnersProps) {
  const t = texts(props)
  const rows = props.rows ?? []
  return (
    <Shell base={props} title={t('admin.title.AdminOwners')}>
      <Search action={props.reset} q={props.q} label={t('admin.owners.search')} t={t} />
      <Refusals errors={props.errors} t={t} skip={['form', 'id']} />
      {rows.length > 0 && <p className="admin-actions"><a href={props.export} download>{t('admin.export')}</a></p>}
      <Table rows={rows} none={t('admin.owners.none')} row={(o) => <Row key={o.id} o={o} props={props} t={t} />}
        head={[t('admin.owners.owner'), t('admin.owners.properties'), t('admin.staff.state'), t('admin.owners.lastInvite'), t('admin.staff.actions')]} />
      <Pager prev={props.prev} next={props.next} t={t} />
    </Shell>
  )
}

function Row({ o, props, t }: { o: OwnerRow; props: OwnersProps; t: T }) {
  const failed = posted(props.form, undefined, 'id') === String(o.id) ? props.errors?.id : undefined
  const state = o.disabled ? 'admin.staff.disabled' : o.activated ? 'admin.owners.activated' : 'admin.staff.noPassword'
  return (
    <tr className={o.disabled ? 'admin-off' : undefined}>
      <td>
        <Who name={o.name} email={o.email} tag={<span className="admin-status">{o.lang.toUpperCase()}</span>} />
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
            <PostButton action={props.action} fields={{ action: 'resend', id: String(o.id) }}
              confirm={t('admin.owners.resendConfirm', { email: o.email })} label={t('admin.owners.resend')} />
          )}
          {failed && <p className="admin-error" role="alert">{t(failed)}</p>}
        </div>
      </td>
    </tr>
  )
}
