import type { NewsletterProps } from '../../../../gen/admin'
import { invalid } from '../../../shared/forms'
import { Choice, Pager, Refusals, Search, Table } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, when } from '../../../shared/texts'

/** The newsletter's subscribers: their state (pending, confirmed, unsubscribed), newest first, and their CSV. */
export function NewsletterPage(props: NewsletterProps) {
  const t = texts(props)
  const err = (name: string) => props.errors?.[name]
  return (
    <Shell base={props} title={t('admin.title.AdminNewsletter')}>
      <Search action={props.reset} q={props.q} label={t('admin.newsletter.search')} t={t} error={err('q') ? 'newsletter-error-q' : undefined}>
        <Choice label={t('admin.newsletter.state')} name="state" value={props.state} none={t('admin.filter.any')} aria={invalid(err('state'), 'newsletter-error-state')}
          options={(props.states ?? []).map((s) => [s, t(`admin.newsletter.states.${s}`)])} />
      </Search>
      <Refusals errors={props.errors} t={t} id={(name) => `newsletter-error-${name}`} />
      <p className="admin-actions"><a href={props.export} download>{t('admin.export')}</a></p>
      <Table rows={props.rows ?? []} none={t('admin.newsletter.none')}
        head={[t('admin.newsletter.created'), t('admin.newsletter.state'), t('admin.lead.lang'), t('admin.newsletter.updated'), t('admin.lead.email')]}
        row={(r) => (
          <tr key={r.id}>
            <td data-label={t('admin.newsletter.created')}>{when(r.created, props.lang)}</td>
            <td data-label={t('admin.newsletter.state')}><span className="admin-status">{t(`admin.newsletter.states.${r.state}`)}</span></td>
            <td data-label={t('admin.lead.lang')}>{r.lang.toUpperCase()}</td>
            <td data-label={t('admin.newsletter.updated')}>{when(r.updated, props.lang)}</td>
            <td data-label={t('admin.lead.email')} className="admin-wrap"><a href={`mailto:${r.email}`}>{r.email}</a></td>
          </tr>
        )} />
      <Pager prev="" next={props.next} t={t} />
    </Shell>
  )
}
