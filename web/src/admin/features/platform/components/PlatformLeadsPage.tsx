import type { PlatformLeadsProps } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { Shell } from '../../../shared/frame'
import { Table } from '../../../shared/lists'
import { texts, when } from '../../../shared/texts'

/**
 * An agency's newest leads as the platform's operator reads them while the agency allows it: read only, no way into
 * the agency's inbox; the page says until when, and that the reading is in the agency's audit log.
 */
export function PlatformLeadsPage(props: PlatformLeadsProps) {
  const t = texts(props)
  const agency = props.agency || t('admin.platform.implicit')
  const head = [t('admin.lead.created'), t('admin.lead.kind'), t('admin.lead.status'), t('admin.lead.name'), t('admin.lead.email'),
    t('admin.lead.phone'), t('admin.lead.lang'), t('admin.lead.remark')]
  return (
    <Shell base={props} title={t('admin.title.AdminPlatformLeads')}>
      <p><Link href={props.back}>{t('admin.platform.back')}</Link></p>
      <p>{t('admin.platform.leadsOf', { agency, until: when(props.until, props.lang) })}</p>
      <p className="admin-notice">{t('admin.platform.leadsLogged')}</p>
      <p className="admin-small">{t('admin.platform.leadsMax', { n: props.max })}</p>
      <Table rows={props.rows ?? []} head={head} none={t('admin.platform.noLeads')}
        row={(r) => (
          <tr key={r.id}>
            <td data-label={head[0]}>{when(r.created, props.lang)}</td>
            <td data-label={head[1]}>{t(`admin.kind.${r.kind}`)}</td>
            <td data-label={head[2]}><span className="admin-status">{t(`admin.status.${r.status}`)}</span></td>
            <td data-label={head[3]} className="admin-wrap">{r.name}</td>
            <td data-label={head[4]} className="admin-wrap">{r.email}</td>
            <td data-label={head[5]} className="admin-wrap">{r.phone}</td>
            <td data-label={head[6]}>{r.lang.toUpperCase()}</td>
            <td data-label={head[7]} className="admin-remark">{r.remark}</td>
          </tr>
        )} />
    </Shell>
  )
}
