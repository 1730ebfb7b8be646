import type { AbuseLine, AbuseProps, HoldRow } from '../../../../gen/admin'
import { invalid, posted, PostForm } from '../../../shared/forms'
import { Refusals, Search, Table } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, when, type T } from '../../../shared/texts'

/** What the anti-spam layer refused (by reason, place and hour) and who is held at a limit now, with a release. */
export function AbusePage(props: AbuseProps) {
  const t = texts(props)
  const err = (name: string) => props.errors?.[name]
  const holds = props.holds ?? []
  return (
    <Shell base={props} title={t('admin.title.AdminAbuse')}>
      <p>{t('admin.abuse.help')}</p>
      <Search action={props.action.split('?')[0]} q={props.q} label={t('admin.abuse.search')} t={t}
        error={err('q') ? 'abuse-error-q' : undefined}>
        <label>
          {t('admin.abuse.period')}
          <select name="days" defaultValue={String(props.days)} {...invalid(err('days'), 'abuse-error-days')}>
            <option value="1">{t('admin.abuse.days1')}</option>
            <option value="7">{t('admin.abuse.days7')}</option>
          </select>
        </label>
      </Search>
      <Refusals errors={props.errors} t={t} id={(name) => `abuse-error-${name}`} />

      <h2>{t('admin.abuse.holds')}</h2>
      {holds.length > 0 && <p className="admin-actions"><a href={props.export} download>{t('admin.export')}</a></p>}
      <Table rows={holds} none={t(props.q ? 'admin.abuse.noMatch' : 'admin.abuse.noHolds')} className="admin-table admin-rows admin-holds"
        row={(h) => <Hold key={`${h.key}@${h.window}`} h={h} props={props} t={t} />}
        head={[t('admin.abuse.who'), t('admin.abuse.limit'), t('admin.abuse.areaHead'), t('admin.abuse.hits'), t('admin.abuse.until'), { sr: t('admin.abuse.release') }]} />
      {props.more && <p className="admin-small">{t('admin.abuse.more')}</p>}

      <h2>{t('admin.abuse.refused')}</h2>
      {props.total === 0 ? <p>{t('admin.abuse.none')}</p> : (
        <>
          <p>{t('admin.abuse.total', { n: props.total })}</p>
          <Lines caption={t('admin.abuse.byReason')} head={t('admin.abuse.reasonHead')} lines={props.reasons ?? []} t={t} />
          <Lines caption={t('admin.abuse.byArea')} head={t('admin.abuse.areaHead')} lines={props.areas ?? []} t={t} split />
          <Lines caption={t('admin.abuse.byHour')} head={t('admin.abuse.hour')} lines={props.hours ?? []} t={t} split
            label={(l) => when(l.label, props.lang)} />
        </>
      )}
    </Shell>
  )
}

/** One key held: whom, by which limit, where, how far, until when, and its release. */
function Hold({ h, props, t }: { h: HoldRow; props: AbuseProps; t: T }) {
  const refused = posted(props.form, 'release', 'key') === h.key && posted(props.form, 'release', 'window') === h.window
    ? props.errors?.form : undefined
  return (
    <tr>
      <td data-label={t('admin.abuse.who')} className="admin-wrap">{h.who || t('admin.abuse.site')}</td>
      <td data-label={t('admin.abuse.limit')}>{t(h.limit)}</td>
      <td data-label={t('admin.abuse.areaHead')}>{t(h.area)}</td>
      <td data-label={t('admin.abuse.hits')}>{h.hits} / {h.max}</td>
      <td data-label={t('admin.abuse.until')}>{when(h.until, props.lang)}</td>
      <td>
        <PostForm action={props.action} fields={{ action: 'release', key: h.key, window: h.window }} className="admin-row-actions">
          <button type="submit">{t('admin.abuse.release')}</button>
          {refused && <p className="admin-error admin-small" role="alert">{t(refused)}</p>}
        </PostForm>
      </td>
    </tr>
  )
}

/** A table of refusal counts: a line per reason, place or hour, with a bar and (split) its reasons. */
function Lines({ caption, head, lines, t, split, label }: {
  caption: string
  head: string
  lines: AbuseLine[]
  t: T
  split?: boolean
  label?: (l: AbuseLine) => string
}) {
  const most = Math.max(1, ...lines.map((l) => l.total))
  return (
    <div className="admin-table-wrap admin-tally-wrap">
      <table className="admin-table admin-rows admin-tally">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">{t('admin.abuse.count')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.label}>
              <th scope="row">{label ? label(l) : t(l.label)}</th>
              <td data-label={t('admin.abuse.count')}>
                <meter min={0} max={most} value={l.total} aria-hidden="true" /> {l.total}
                {split && (l.parts ?? []).length > 0 && (
                  <ul className="admin-small admin-parts">
                    {(l.parts ?? []).map((p) => <li key={p.reason}>{t(p.reason)}{t.colon}{p.count}</li>)}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
