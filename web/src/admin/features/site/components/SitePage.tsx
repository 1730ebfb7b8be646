import type { SiteProps } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { PostButton } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { Refusals, Table } from '../../../shared/lists'
import { texts, when } from '../../../shared/texts'

/**
 * The site's section: a new draft started (the editor), the drafts being prepared and by whom, the published versions
 * newest first — each previewed as it was, any not online brought back as the newest version, the one online taken
 * back to the one before.
 */
export function SitePage(props: SiteProps) {
  const t = texts(props)
  const head = [t('admin.site.version'), t('admin.site.at'), t('admin.site.by'), t('admin.site.note'), '']
  return (
    <Shell base={props} title={t('admin.title.AdminSite')}>
      <Refusals errors={props.errors} t={t} id={(name) => `site-error-${name}`} />
      <PostButton action={props.action} fields={{ action: 'edit' }} label={t('admin.site.edit')} />
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
