import type { DemandRow, DemandsProps } from '../../../../gen/admin'
import { ListingName } from '../../../shared/listing'
import { Choice, Pager, Refusals, Search, Table, Who } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, when, type T } from '../../../shared/texts'

/** The registered demands: who, their search, confirmed or not, the listings each matches now, the alerts mailed. */
export function DemandsPage(props: DemandsProps) {
  const t = texts(props)
  const rows = props.rows ?? []
  return (
    <Shell base={props} title={t('admin.title.AdminDemands')}>
      <Search action={props.reset} q={props.q} label={t('admin.owners.search')} t={t}>
        <Choice label={t('admin.demands.state')} name="state" value={props.state} none={t('admin.filter.any')}
          options={(props.states ?? []).map((s) => [s, t(s === 'confirmed' ? 'admin.demands.confirmedYes' : 'admin.demands.confirmedNo')])} />
      </Search>
      <Refusals errors={props.errors} t={t} skip={[]} />
      <p className="admin-actions">{props.export && <a href={props.export} download>{t('admin.export')}</a>}</p>
      <Table rows={rows} none={t('admin.demands.none')} row={(d) => <Row key={d.id} d={d} lang={props.lang} t={t} />}
        head={[t('admin.demands.registrant'), t('admin.demands.search'), t('admin.demands.confirmed'), t('admin.demands.matching'), t('admin.demands.alerts')]} />
      <Pager prev={props.prev} next={props.next} t={t} />
    </Shell>
  )
}

function Row({ d, lang, t }: { d: DemandRow; lang: string; t: T }) {
  return (
    <tr className={d.disabled || d.paused ? 'admin-off' : undefined}>
      <td>
        <Who name={d.name} email={d.email} tag={<span className="admin-status">{d.lang.toUpperCase()}</span>} />
        {d.phone && <div><a href={`tel:${d.phone}`}>{d.phone}</a></div>}
        <div>{when(d.created, lang)}</div>
      </td>
      <td data-label={t('admin.demands.search')}>{d.summary}</td>
      <td data-label={t('admin.demands.confirmed')}>
        {d.confirmed ? when(d.confirmed, lang) : t('admin.demands.confirmedNo')}
        {d.paused && <div>{t('admin.demands.paused')}</div>}
        {d.disabled && <div>{t('admin.staff.disabled')}</div>}
      </td>
      <td data-label={t('admin.demands.matching')}>
        <strong>{d.matching}</strong>
        {(d.matches ?? []).length > 0 && (
          <ul className="admin-matches">
            {(d.matches ?? []).map((l) => <li key={l.id}><ListingName l={l} t={t} /></li>)}
            {d.matching > (d.matches ?? []).length && <li>{t('admin.demands.more', { n: d.matching - (d.matches ?? []).length })}</li>}
          </ul>
        )}
      </td>
      <td data-label={t('admin.demands.alerts')}>
        {d.alertsSent}{d.lastAlert && <> · {t('admin.demands.lastAlert')} {when(d.lastAlert, lang)}</>}
      </td>
    </tr>
  )
}
