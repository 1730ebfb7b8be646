import { useEffect, useState, type FormEvent } from 'react'
import type { LeadsProps } from '../../../../gen/admin'
import { Link, usePage, useRouter } from '../../../../lib/router'
import { invalid as described } from '../../../shared/forms'
import { ListingName } from '../../../shared/listing'
import { Choice, FilterBox, Pager, Refusals, Table } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, when } from '../../../shared/texts'

/** The list of leads: the filter, one page of rows, the pages around, the CSV export; new leads come in by themselves. */
export function LeadsPage(props: LeadsProps) {
  const t = texts(props)
  const router = useRouter()
  const page = usePage()
  const f = props.filter
  const [fresh, setFresh] = useState(0)

  // A new lead: the first page of the list is asked again (the filter
  // kept), and a polite notice says how many came.
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`${props.events}?after=${props.latest}`)
    source.addEventListener('lead', () => {
      setFresh((n) => n + 1)
      if (!new URL(page.url, window.location.href).searchParams.has('cursor')) {
        void router?.visit(page.url, { preserveScroll: true, preserveState: true, replace: true })
      }
    })
    return () => source.close()
  }, [props.events, props.latest, page.url, router])

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data: Record<string, string> = {}
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v !== '') data[k] = data[k] ? `${data[k]},${v}` : v
    void router?.visit(props.reset, { data })
  }
  const err = (name: string) => props.errors?.[name]
  // The filter's fields set (the toggle on a phone says how many).
  const active = [f.q, f.kind?.[0], f.status?.[0], f.assignee, f.lang, f.property, f.project, f.from, f.to].filter(Boolean).length
  // How many the filter selects: counted up to a bound, past it "more than".
  const n = (props.count ?? 0).toLocaleString(props.lang)
  const count = props.more ? t('admin.leads.countMore', { n }) : props.count === 1 ? t('admin.leads.countOne') : t('admin.leads.count', { n })
  /** A field's state after a refused filter: in red, and described by its message below the form. */
  const invalid = (name: string) => described(err(name), `filter-error-${name}`)
  return (
    <Shell base={props} title={t('admin.title.AdminLeads')}>
      <FilterBox t={t} active={active} open={Object.keys(props.errors ?? {}).length > 0}>
      <form method="get" action={props.reset} className="admin-filter" onSubmit={submit} role="search">
        <label>
          {t('admin.filter.q')}
          <input type="search" name="q" defaultValue={f.q} maxLength={200} {...invalid('q')} />
        </label>
        <Choice label={t('admin.filter.kind')} name="kind" value={f.kind?.[0] ?? ''} none={t('admin.filter.any')}
          options={(props.kinds ?? []).map((k) => [k, t(`admin.kind.${k}`)])} />
        <Choice label={t('admin.filter.status')} name="status" value={f.status?.[0] ?? ''} none={t('admin.filter.notSpam')}
          options={(props.statuses ?? []).map((s) => [s, t(`admin.status.${s}`)])} />
        <label>
          {t('admin.filter.assignee')}
          <select name="assignee" defaultValue={f.assignee}>
            <option value="">{t('admin.filter.any')}</option>
            <option value="none">{t('admin.filter.nobody')}</option>
            {(props.staff ?? []).map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
          </select>
        </label>
        <Choice label={t('admin.filter.lang')} name="lang" value={f.lang} none={t('admin.filter.any')}
          options={(props.langs ?? []).map((l) => [l, l.toUpperCase()])} />
        <label>
          {t('admin.filter.property')}
          <input name="property" inputMode="numeric" defaultValue={f.property} size={9} {...invalid('property')} />
        </label>
        <label>
          {t('admin.filter.project')}
          <input name="project" inputMode="numeric" defaultValue={f.project} size={9} {...invalid('project')} />
        </label>
        <label>
          {t('admin.filter.from')}
          <input type="date" name="from" defaultValue={f.from} {...invalid('from')} />
        </label>
        <label>
          {t('admin.filter.to')}
          <input type="date" name="to" defaultValue={f.to} {...invalid('to')} />
        </label>
        <label>
          {t('admin.filter.sort')}
          <select name="sort" defaultValue={f.sort || 'newest'}>
            <option value="newest">{t('admin.filter.newest')}</option>
            <option value="oldest">{t('admin.filter.oldest')}</option>
          </select>
        </label>
        <button type="submit">{t('admin.filter.apply')}</button>
        <Link href={props.reset}>{t('admin.filter.reset')}</Link>
      </form>
      </FilterBox>
      <Refusals errors={props.errors} t={t} id={(name) => `filter-error-${name}`} />
      <p className="admin-actions">
        <span className="admin-count">{count}</span>
        {props.export && <a href={props.export} download>{t('admin.export')}</a>}
        <span aria-live="polite">{fresh > 0 ? t('admin.leads.fresh', { n: fresh }) : ''}</span>
      </p>
      <Table rows={props.rows ?? []} none={t('admin.leads.none')} className="admin-table"
        head={[t('admin.lead.created'), t('admin.lead.kind'), t('admin.lead.status'), t('admin.lead.name'), t('admin.lead.email'), t('admin.lead.phone'),
          t('admin.lead.property'), t('admin.lead.assignee')]}
        row={(r) => (
          <tr key={r.id} className={`status-${r.status}`}>
            <td><Link href={r.href}>{when(r.created, props.lang)}</Link></td>
            <td>{t(`admin.kind.${r.kind}`)}</td>
            <td><span className="admin-status">{t(`admin.status.${r.status}`)}</span></td>
            <td className="admin-wrap"><Link href={r.href}>{r.name || '—'}</Link></td>
            <td className="admin-wrap">{r.email}</td>
            <td className="admin-phone">{r.phone && <a href={`tel:${r.phone.replace(/[^+\d]/g, '')}`}>{r.phone}</a>}</td>
            <td className="admin-wrap">{r.listing && <ListingName l={r.listing} t={t} />}</td>
            <td className="admin-wrap">{r.assignee}</td>
          </tr>
        )} />
      <Pager prev={props.prev} next={props.next} t={t} />
    </Shell>
  )
}
