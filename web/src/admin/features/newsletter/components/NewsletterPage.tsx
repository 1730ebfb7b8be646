import type { NewsletterProps } from '../../../../gen/admin'
import { Pager, Search } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, when } from '../../../shared/texts'

/** The newsletter's subscribers: their state (pending, confirmed, unsubscribed), newest first, and their CSV. */
export function NewsletterPage(props: NewsletterProps) {
  const t = texts(props)
  const err = (name: string) => props.errors?.[name]
  return (
    <Shell base={props} title={t('admin.title.AdminNewsletter')}>
      <Search action={props.reset} q={props.q} label={t('admin.newsletter.search')} t={t} error={err('q') ? 'newsletter-error-q' : undefined}>
        <label>
          {t('admin.newsletter.state')}
          <select name="state" defaultValue={props.state} aria-invalid={err('state') ? true : undefined}
            aria-describedby={err('state') ? 'newsletter-error-state' : undefined}>
            <option value="">{t('admin.filter.any')}</option>
            {(props.states ?? []).map((s) => <option key={s} value={s}>{t(`admin.newsletter.states.${s}`)}</option>)}
          </select>
        </label>
      </Search>
      {Object.entries(props.errors ?? {}).map(([name, key]) => key && name !== 'form' && (
        <p key={name} id={`newsletter-error-${name}`} className="admin-error" role="alert">{t(key)}</p>
      ))}
      <p className="admin-actions"><a href={props.export} download>{t('admin.export')}</a></p>
      {(props.rows ?? []).length === 0 ? <p>{t('admin.newsletter.none')}</p> : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-rows">
            <thead>
              <tr>
                <th scope="col">{t('admin.newsletter.created')}</th>
                <th scope="col">{t('admin.newsletter.state')}</th>
                <th scope="col">{t('admin.lead.lang')}</th>
                <th scope="col">{t('admin.newsletter.updated')}</th>
                <th scope="col">{t('admin.lead.email')}</th>
              </tr>
            </thead>
            <tbody>
              {(props.rows ?? []).map((r) => (
                <tr key={r.id}>
                  <td data-label={t('admin.newsletter.created')}>{when(r.created, props.lang)}</td>
                  <td data-label={t('admin.newsletter.state')}><span className="admin-status">{t(`admin.newsletter.states.${r.state}`)}</span></td>
                  <td data-label={t('admin.lead.lang')}>{r.lang.toUpperCase()}</td>
                  <td data-label={t('admin.newsletter.updated')}>{when(r.updated, props.lang)}</td>
                  <td data-label={t('admin.lead.email')} className="admin-wrap"><a href={`mailto:${r.email}`}>{r.email}</a></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager prev="" next={props.next} t={t} />
    </Shell>
  )
}
