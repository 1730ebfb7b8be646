import { PART, withPart } from '../../../lib/i18n'
import type { DemandTally, HistoryRow, SourceVisits } from '../model/types'

type Say = (key: string) => string

/** A text with its {{name}} placeholders filled. */
function fill(s: string, values: Record<string, string | number>): string {
  return s.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in values ? String(values[name]) : m))
}

/**
 * The last 30 days' visits by source: a table (source, visits) whose rows
 * carry a bar of their share, drawn by CSS and hidden from screen readers.
 * Sources without a visit are left out.
 */
export function VisitSources({ sources, t, id }: { sources: SourceVisits[]; t: Say; id: number }) {
  const shown = sources.filter((s) => s.count > 0)
  const total = shown.reduce((n, s) => n + s.count, 0)
  const headingId = `owner-sources-${id}`
  return (
    <section className="owner-sources" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('account.portal.sources')}</h3>
      {total === 0 ? (
        <p>{t('account.portal.sourcesNone')}</p>
      ) : (
        <table>
          <caption>{t('account.portal.sourcesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.portal.sourceHeader')}</th>
              <th scope="col">{t('account.portal.visits')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.source} data-source={s.source}>
                <th scope="row">
                  {t(`account.portal.sourceNames.${s.source}`)}
                  <span className="owner-bar" aria-hidden="true">
                    <span style={{ width: `${Math.max(2, Math.round((100 * s.count) / total))}%` }} />
                  </span>
                </th>
                <td>{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/**
 * How many registered demands match the property now, and how many each
 * criterion holds for: counts only, never who.
 */
export function MatchingDemands({ demands, t, id }: { demands: DemandTally | null; t: Say; id: number }) {
  const headingId = `owner-demands-${id}`
  return (
    <section className="owner-demands" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('account.portal.demands')}</h3>
      {demands === null ? (
        <p>{t('account.portal.demandsOffline')}</p>
      ) : (
        <>
          <dl className="owner-demand-counts">
            <div className="owner-demand-main">
              <dt>{t('account.portal.demandsMatching')}</dt>
              <dd>{demands.matching}</dd>
            </div>
            <div>
              <dt>{t(demands.goal === 'rent' ? 'account.portal.demandsRent' : 'account.portal.demandsSale')}</dt>
              <dd>{demands.searching}</dd>
            </div>
            {(
              [
                ['account.portal.demandsBudget', demands.budget],
                ['account.portal.demandsZone', demands.zone],
                ['account.portal.demandsType', demands.type],
                ['account.portal.demandsRooms', demands.rooms],
              ] as const
            ).map(([key, n]) => (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd>{n}</dd>
              </div>
            ))}
          </dl>
          <p className="owner-note">{t('account.portal.demandsNote')}</p>
        </>
      )}
    </section>
  )
}

/**
 * The requests about the property, newest first (SPEC §3's owner portal
 * rows: date, type, contact, subject, comment, status). On a narrow
 * screen each row is a block whose cells say their column's name.
 */
export function History({ rows, total, t, id }: { rows: HistoryRow[]; total: number; t: Say; id: number }) {
  const headingId = `owner-history-${id}`
  const cols = ['date', 'type', 'contact', 'subject', 'comment', 'status'].map((c) => t(`account.portal.${c}`))
  return (
    <section className="owner-history" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('account.portal.history')}</h3>
      {rows.length === 0 ? (
        <p>{t('account.portal.historyNone')}</p>
      ) : (
        <>
          <table>
            <caption>{t('account.portal.historyCaption')}</caption>
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r.time}-${i}`} data-kind={r.kind} data-status={r.status}>
                  <td data-label={cols[0]}>
                    <time dateTime={r.time}>{r.date}</time>
                  </td>
                  <td data-label={cols[1]}>{t(`account.portal.kinds.${r.kind}`)}</td>
                  <td data-label={cols[2]}>{r.contact || '—'}</td>
                  <td data-label={cols[3]}>{t(`account.portal.subjects.${r.kind}`)}</td>
                  <td data-label={cols[4]} className="owner-comment">
                    {r.comment || '—'}
                  </td>
                  <td data-label={cols[5]}>
                    {r.status === 'booked' && r.visit ? (
                      withPart(fill(t('account.portal.statuses.booked'), { date: PART }), <time dateTime={r.visit}>{r.visitDate}</time>)
                    ) : (
                      t(`account.portal.statuses.${r.status}`)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {total > rows.length && <p className="owner-note">{fill(t('account.portal.historyMore'), { shown: rows.length, total })}</p>}
          <p className="owner-note">{t('account.portal.historyPrivacy')}</p>
        </>
      )}
    </section>
  )
}
