import type { RunRow, RunsProps } from '../../../../gen/admin'
import { Shell } from '../../../shared/frame'
import { Table } from '../../../shared/lists'
import { texts, when, type T } from '../../../shared/texts'

/** The catalog's updates, newest first: where each came from, who started it, what it did per section, what it refused. */
export function RunsPage(props: RunsProps) {
  const t = texts(props)
  const head = [t('admin.runs.when'), t('admin.runs.source'), t('admin.runs.trigger'), t('admin.runs.took'), t('admin.runs.result')]
  return (
    <Shell base={props} title={t('admin.title.AdminRuns')}>
      <p>{t('admin.runs.help')}</p>
      <Table rows={props.runs ?? []} none={t('admin.runs.none')} head={head}
        row={(r) => (
          <tr key={r.id}>
            <td data-label={head[0]}>{when(r.started, props.lang)}</td>
            <td data-label={head[1]} className="admin-wrap"><code>{r.source}</code></td>
            <td data-label={head[2]} className="admin-wrap">{t(`admin.runs.triggers.${r.trigger}`, { by: r.by })}</td>
            <td data-label={head[3]}>{t('admin.runs.seconds', { n: r.seconds.toFixed(1) })}</td>
            <td data-label={head[4]} className="admin-wrap"><Result r={r} t={t} /></td>
          </tr>
        )} />
    </Shell>
  )
}

/** What one run did: applied or not (why), the counts per section, the records it refused and why. */
function Result({ r, t }: { r: RunRow; t: T }) {
  const counts = (section: 'properties' | 'projects') => t('admin.runs.counts', { section: t(`admin.runs.${section}`), ...r[section] })
  const problems = r.problems ?? []
  return (
    <>
      {r.status === 'applied'
        ? <span className="admin-status">{t('admin.runs.applied', { n: r.catalogVersion })}</span>
        : <span className="admin-error">{t('admin.runs.failed')}{r.error && <>{t.colon}{r.error}</>}</span>}
      <ul className="site-changes">
        <li>{counts('properties')}</li>
        <li>{counts('projects')}</li>
        <li>{t('admin.runs.types', { n: r.types, rejected: r.typesRejected })}</li>
      </ul>
      {problems.length > 0 && (
        <details>
          <summary>{t('admin.runs.problems')} ({problems.length + r.moreProblems})</summary>
          <ul className="site-changes">
            {problems.map((p, i) => (
              <li key={i}>
                {t(`admin.runs.sections.${p.section}`)} {p.id || '?'}{p.field && <> · <code>{p.field}</code></>}{t.colon}{p.message}
              </li>
            ))}
          </ul>
          {r.moreProblems > 0 && <p className="site-muted">{t('admin.runs.more', { n: r.moreProblems })}</p>}
        </details>
      )}
    </>
  )
}
