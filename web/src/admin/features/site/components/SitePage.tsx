import type { SiteProps } from '../../../../gen/admin'
import { PostButton } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { Refusals, Table } from '../../../shared/lists'
import { texts, when } from '../../../shared/texts'

/** The site's published versions, newest first: each previewed as it was, any not online brought back as the newest version. */
export function SitePage(props: SiteProps) {
  const t = texts(props)
  const head = [t('admin.site.version'), t('admin.site.at'), t('admin.site.by'), t('admin.site.note'), '']
  return (
    <Shell base={props} title={t('admin.title.AdminSite')}>
      <p>{t('admin.site.help')}</p>
      <Refusals errors={props.errors} t={t} id={(name) => `site-error-${name}`} />
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
