import type { Counts, RunRow, RunsProps } from '../../../../gen/admin'
import { Shell } from '../../../shared/frame'
import { Table } from '../../../shared/lists'
import { texts, when, type T } from '../../../shared/texts'
import { FeedsSection } from './FeedsSection'
import { decimal, plural } from './numbers'

/** The catalog's updates, newest first: where each came from, who started it, what it did per section, what it refused. */
export function RunsPage(props: RunsProps) {
  const t = texts(props)
  const head = [t('admin.runs.when'), t('admin.runs.source'), t('admin.runs.trigger'), t('admin.runs.took'), t('admin.runs.result')]
  return (
    <Shell base={props} title={t('admin.title.AdminRuns')}>
      {props.action && <FeedsSection props={props} t={t} />}
      <h2>{t('admin.runs.title')}</h2>
      <p>{t('admin.runs.help')}</p>
      <Table rows={props.runs ?? []} none={t('admin.runs.none')} head={head}
        row={(r) => (
          <tr key={r.id}>
            <td data-label={head[0]}>{when(r.started, props.lang)}</td>
            <td data-label={head[1]} className="admin-wrap">{r.feedName && <><strong>{r.feedName}</strong><br /></>}<code>{r.source}</code></td>
            <td data-label={head[2]} className="admin-wrap">{t(`admin.runs.triggers.${r.trigger}`, { by: r.by })}</td>
            <td data-label={head[3]}>{t('admin.runs.seconds', { n: decimal(props.lang, r.seconds) })}</td>
            <td data-label={head[4]} className="admin-wrap"><Result r={r} t={t} lang={props.lang} /></td>
          </tr>
        )} />
    </Shell>
  )
}

/**
 * A text the server keyed (admin.runs.problem.<key>, admin.runs.error.<key>) in the staff's language, with its values;
 * the English words it also sent when it has no key (a run kept before the keys) or the key has no text.
 */
function keyed(t: T, kind: 'problem' | 'error', key: string, params: Partial<Record<string, string>> | null | undefined, english: string) {
  if (!key) return english
  const name = `admin.runs.${kind}.${key}`
  const vars: Record<string, string> = {}
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined) vars[k] = v
  const s = t(name, vars)
  return s === name ? english : s
}

/** What one run did: applied or not (why), the counts per section, the records it refused and why. */
function Result({ r, t, lang }: { r: RunRow; t: T; lang: string }) {
  const count = (what: string, n: number) => t(`admin.runs.count.${what}_${plural(lang, n)}`, { n })
  const counts = (c: Counts) => (['added', 'updated', 'unchanged', 'rejected', 'offline'] as const).map((k) => count(k, c[k])).join(', ')
  const problems = r.problems ?? []
  const reason = keyed(t, 'error', r.errorKey, r.errorParams, r.error)
  return (
    <>
      {r.status === 'applied' && <span className="admin-status">{t('admin.runs.applied', { n: r.catalogVersion })}</span>}
      {r.status === 'unchanged' && <span className="admin-status">{t('admin.runs.unchanged')}</span>}
      {r.status === 'held' && (r.waiting
        ? <span className="admin-error">{reason}</span>
        : <span className="site-muted">{t('admin.runs.heldDone')}{t.colon}{reason}</span>)}
      {r.status === 'failed' && <span className="admin-error">{t('admin.runs.failed')}{reason && <>{t.colon}{reason}</>}</span>}
      {r.httpStatus > 0 && <span className="site-muted"> (HTTP {r.httpStatus})</span>}
      <ul className="site-changes">
        <li>{t('admin.runs.properties')}{t.colon}{counts(r.properties)}</li>
        <li>{t('admin.runs.projects')}{t.colon}{counts(r.projects)}</li>
        <li>{t('admin.runs.typesLabel')}{t.colon}{count('imported', r.types)}, {count('rejected', r.typesRejected)}</li>
      </ul>
      {problems.length > 0 && (
        <details>
          <summary>{t('admin.runs.problems')} ({problems.length + r.moreProblems})</summary>
          <ul className="site-changes">
            {problems.map((p, i) => (
              <li key={i}>
                {t(`admin.runs.sections.${p.section}`)} {p.id || '?'}{p.field && <> · <code>{p.field}</code></>}{t.colon}
                {keyed(t, 'problem', p.key, p.params, p.message)}
              </li>
            ))}
          </ul>
          {r.moreProblems > 0 && <p className="site-muted">{t('admin.runs.more', { n: r.moreProblems })}</p>}
        </details>
      )}
    </>
  )
}
