import { type FormEvent } from 'react'
import type { NewsletterProps } from '../../gen/admin'
import { Link, useRouter } from '../../lib/router'
import { Shell } from '../ui/Shell'
import { texts, when } from '../ui/texts'

/** The newsletter's subscribers: their state (pending, confirmed, unsubscribed), newest first, and their CSV. */
export function NewsletterPage(props: NewsletterProps) {
  const t = texts(props)
  const router = useRouter()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data: Record<string, string> = {}
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v !== '') data[k] = v
    void router?.visit(props.reset, { data })
  }
  const err = (name: string) => props.errors?.[name]
  const invalid = (name: string) => (err(name) ? { 'aria-invalid': true, 'aria-describedby': `newsletter-error-${name}` } : {})
  return (
    <Shell base={props} title={t('admin.title.AdminNewsletter')}>
      <form method="get" action={props.reset} className="admin-filter" onSubmit={submit} role="search">
        <label>
          {t('admin.newsletter.search')}
          <input type="search" name="q" defaultValue={props.q} maxLength={200} {...invalid('q')} />
        </label>
        <label>
          {t('admin.newsletter.state')}
          <select name="state" defaultValue={props.state} {...invalid('state')}>
            <option value="">{t('admin.filter.any')}</option>
            {(props.states ?? []).map((s) => <option key={s} value={s}>{t(`admin.newsletter.states.${s}`)}</option>)}
          </select>
        </label>
        <button type="submit">{t('admin.filter.apply')}</button>
        <Link href={props.reset}>{t('admin.filter.reset')}</Link>
      </form>
      {Object.entries(props.errors ?? {}).map(([name, key]) => key && name !== 'form' && (
        <p key={name} id={`newsletter-error-${name}`} className="admin-error" role="alert">{t(key)}</p>
      ))}
      <p className="admin-actions"><a href={props.export} download>{t('admin.export')}</a></p>
      {(props.rows ?? []).length === 0 ? <p>{t('admin.newsletter.none')}</p> : (
        <div className="admin-table-wrap">
          <table className="admin-table">
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
                  <td>{when(r.created, props.lang)}</td>
                  <td><span className="admin-status">{t(`admin.newsletter.states.${r.state}`)}</span></td>
                  <td>{r.lang.toUpperCase()}</td>
                  <td>{when(r.updated, props.lang)}</td>
                  <td><a href={`mailto:${r.email}`}>{r.email}</a></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="admin-pages" aria-label={t('admin.leads.pages')}>
        {props.next && <Link href={props.next} rel="next">{t('admin.newsletter.older')}</Link>}
      </nav>
    </Shell>
  )
}
