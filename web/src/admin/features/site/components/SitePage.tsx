import type { SiteProps, Summary } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { PostButton } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { Refusals, Table } from '../../../shared/lists'
import { texts, when } from '../../../shared/texts'

/**
 * The site's section: a new draft started (the editor), the drafts being prepared and by whom, the published versions
 * newest first, with what each changed — each previewed as it was, any not online brought back as the newest version,
 * the one online taken back to the one before.
 */
export function SitePage(props: SiteProps) {
  const t = texts(props)
  const head = [t('admin.site.version'), t('admin.site.at'), t('admin.site.by'), t('admin.site.note'), t('admin.site.changes'), '']
  const labels = props.labels ?? {}
  const section = (key: string) => labels[`siteeditor.section.${key}`] ?? key
  return (
    <Shell base={props} title={t('admin.title.AdminSite')}>
      <Refusals errors={props.errors} t={t} id={(name) => `site-error-${name}`} />
      <div className="admin-row-actions">
        <PostButton action={props.action} fields={{ action: 'edit' }} label={t('admin.site.edit')} />
        {props.pictures && <Link href={props.pictures}>{t('admin.site.pictures')}</Link>}
      </div>
      <p className="site-muted">{t('admin.site.editHelp')}</p>
      <h2>{t('admin.site.drafts')}</h2>
      {(props.drafts ?? []).length === 0 ? <p>{t('admin.site.draftsNone')}</p> : (
        <ul className="site-drafts">
          {(props.drafts ?? []).map((d) => (
            <li key={d.id} className="admin-row-actions">
              <span>
                {t('admin.site.draftOf', { n: d.id, by: d.by, when: when(d.updated, props.lang) })}
                {d.publishAt && <> · <strong>{t('admin.site.scheduledFor', { when: when(d.publishAt, props.lang) })}</strong></>}
                {d.failed && <span className="admin-error">{t('admin.site.editor.scheduleFailed', { why: t(d.failed) })}</span>}
              </span>
              <Link href={d.href}>{d.mine ? t('admin.site.open') : t('admin.site.look')}</Link>
              <a href={d.preview} target="_blank" rel="noopener">{t('admin.site.preview')}</a>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('admin.site.history')}</h2>
      <p>{t('admin.site.help')}</p>
      {props.previous > 0 && (
        <PostButton action={props.action} fields={{ action: 'unpublish', version: String(props.previous) }}
          label={t('admin.site.unpublish', { n: props.previous })} confirm={t('admin.site.unpublishConfirm', { n: props.previous })} />
      )}
      <Table rows={props.versions ?? []} none={t('admin.site.none')} head={head}
        row={(v) => (
          <tr key={v.id}>
            <td data-label={head[0]}>
              {v.id}{v.current && <>{' '}<span className="admin-status">{t('admin.site.current')}</span></>}
            </td>
            <td data-label={head[1]}>{when(v.at, props.lang)}</td>
            <td data-label={head[2]} className="admin-wrap">{v.file ? t('admin.site.file', { name: v.file }) : v.by}</td>
            <td data-label={head[3]} className="admin-wrap">{v.note}</td>
            <td data-label={head[4]} className="admin-wrap">{v.summary && <Changed sum={v.summary} t={t} section={section} />}</td>
            <td className="admin-row-actions">
              <a href={v.preview} target="_blank" rel="noopener">{t('admin.site.preview')}</a>
              {!v.online && (
                <PostButton action={props.action} fields={{ action: 'revert', version: String(v.id) }} label={t('admin.site.revert')}
                  confirm={t('admin.site.revert')} />
              )}
            </td>
          </tr>
        )} />
    </Shell>
  )
}

/** How many of a version's changes its row shows before the rest is folded. */
const shownChanges = 5

/**
 * What a version changed, compactly: each section (and item of its list) with what happened to it and the languages of
 * its texts, worded as the publish dialog words them; past the first few, the rest folded, and a count of those not kept.
 */
function Changed({ sum, t, section }: { sum: Summary; t: ReturnType<typeof texts>; section: (key: string) => string }) {
  const list = sum.changes ?? []
  if (list.length === 0 && !sum.more) return <span className="site-muted">{t('admin.site.unchanged')}</span>
  const item = (c: (typeof list)[number], i: number) => (
    <li key={i}>
      <strong>{section(c.section)}</strong>
      {c.item && <> › {c.item}</>}
      {' '}({t(`admin.site.editor.what.${c.what}`)})
      {(c.langs ?? []).length > 0 && <> [{(c.langs ?? []).map((l) => l.toUpperCase()).join(', ')}]</>}
    </li>
  )
  const rest = list.slice(shownChanges)
  const hidden = rest.length + sum.more
  return (
    <>
      <ul className="site-changes">{list.slice(0, shownChanges).map(item)}</ul>
      {hidden > 0 && (rest.length > 0 ? (
        <details>
          <summary>{t('admin.site.moreChanges', { n: hidden })}</summary>
          <ul className="site-changes">{rest.map((c, i) => item(c, shownChanges + i))}</ul>
          {sum.more > 0 && <p className="site-muted">{t('admin.site.moreChanges', { n: sum.more })}</p>}
        </details>
      ) : <p className="site-muted">{t('admin.site.moreChanges', { n: sum.more })}</p>)}
    </>
  )
}
