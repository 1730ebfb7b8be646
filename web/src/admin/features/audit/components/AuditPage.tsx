import type { AuditProps } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { Choice, Filter, Pager, Refusals, Table } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, when } from '../../../shared/texts'

/** The audit log: every change made in the inbox, who made it and when, newest first. */
export function AuditPage(props: AuditProps) {
  const t = texts(props)
  /** An action in the admin's words; one without a translation as logged. */
  const action = (a: string) => {
    const key = `admin.action.${a}`
    const said = t(key)
    return said === key ? a : said
  }
  const err = (name: string) => props.errors?.[name]
  return (
    <Shell base={props} title={t('admin.title.AdminAudit')}>
      <Filter action={props.reset} t={t}>
        <Choice label={t('admin.audit.kind')} name="kind" value={props.kind} none={t('admin.filter.any')} aria={{ 'aria-invalid': err('kind') ? true : undefined }}
          options={(props.kinds ?? []).map((k) => [k, t(`admin.audit.kinds.${k}`)])} />
        <Choice label={t('admin.audit.actor')} name="actor" value={props.actor} none={t('admin.filter.any')} aria={{ 'aria-invalid': err('actor') ? true : undefined }}
          options={(props.staff ?? []).map((s) => [String(s.id), s.name])} />
      </Filter>
      <Refusals errors={props.errors} t={t} />
      <p className="admin-actions"><a href={props.export} download>{t('admin.export')}</a></p>
      <Table rows={props.rows ?? []} none={t('admin.audit.none')} className="admin-table admin-rows admin-audit"
        head={[t('admin.audit.time'), t('admin.audit.actor'), t('admin.audit.action'), t('admin.audit.target'), t('admin.audit.before'), t('admin.audit.after')]}
        row={(r) => (
          <tr key={r.id}>
            <td data-label={t('admin.audit.time')}>{when(r.time, props.lang)}</td>
            <td data-label={t('admin.audit.actor')} className="admin-wrap">{r.actor}</td>
            <td data-label={t('admin.audit.action')}>{action(r.action)}</td>
            <td data-label={t('admin.audit.target')}>{r.href ? <Link href={r.href}>{t(`admin.audit.kinds.${r.kind}`)}{r.target > 0 && ` #${r.target}`}</Link>
              : <>{t(`admin.audit.kinds.${r.kind}`)}{r.target > 0 && ` #${r.target}`}</>}</td>
            <td data-label={t('admin.audit.before')} className="admin-audit-value">{[when(r.beforeAt, props.lang), r.before].filter(Boolean).join(' · ')}</td>
            <td data-label={t('admin.audit.after')} className="admin-audit-value">{[when(r.afterAt, props.lang), r.after].filter(Boolean).join(' · ')}</td>
          </tr>
        )} />
      <Pager prev="" next={props.next} t={t} />
    </Shell>
  )
}
