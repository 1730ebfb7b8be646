import type { MailRow, MailsProps } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { MailError } from '../../../shared/mails'
import { invalid as described, PostButton } from '../../../shared/forms'
import { Choice, Filter, Table } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, when, type T } from '../../../shared/texts'

/** The mail queue: one page of mails by state, newest first; a failed one sent again. */
export function MailsPage(props: MailsProps) {
  const t = texts(props)
  const rows = props.rows ?? []
  const invalid = props.errors?.state
  return (
    <Shell base={props} title={t('admin.title.AdminMails')}>
      <p>{t('admin.mails.help')}</p>
      <Filter action={props.action.split('?')[0]} t={t}>
        <Choice label={t('admin.mails.state')} name="state" value={props.state} none={t('admin.mails.any')} aria={described(invalid, 'mails-error')}
          options={(props.states ?? []).map((s) => [s, t(`admin.mail.${s}`)])} />
      </Filter>
      {invalid && <p id="mails-error" className="admin-error" role="alert">{t(invalid)}</p>}
      {(rows.length > 0 || props.retryAll) && (
        <div className="admin-actions">
          {rows.length > 0 && <a href={props.export} download>{t('admin.export')}</a>}
          {props.retryAll && (
            <PostButton action={props.action} fields={{ action: 'retryall' }} confirm={t('admin.mails.retryAllConfirm')} label={t('admin.mails.retryAll')} />
          )}
        </div>
      )}
      <Table rows={rows} none={t('admin.mails.none')} row={(m) => <Row key={m.id} m={m} props={props} t={t} />}
        head={[t('admin.mails.created'), t('admin.mails.state'), t('admin.mails.to'), t('admin.mails.subject'), t('admin.mails.kind'),
          t('admin.mails.attempts'), { sr: t('admin.mails.retry') }]} />
      <nav className="admin-pages" aria-label={t('admin.mails.pages')}>
        {props.first && <Link href={props.first}>{t('admin.mails.first')}</Link>}
        {props.next && <Link href={props.next} rel="next">{t('admin.mails.older')}</Link>}
      </nav>
    </Shell>
  )
}

/** One mail: when and where it went, what became of it, and its retry button when it failed. */
function Row({ m, props, t }: { m: MailRow; props: MailsProps; t: T }) {
  return (
    <tr className={m.state === 'failed' ? 'admin-failed' : undefined}>
      <td data-label={t('admin.mails.created')}>{when(m.created, props.lang)}</td>
      <td data-label={t('admin.mails.state')}>
        <span className="admin-status">{t(`admin.mail.${m.state}`)}</span>
        {m.next && <div className="admin-small">{t('admin.mails.next')}{t.colon}{when(m.next, props.lang)}</div>}
        {m.finalized && <div className="admin-small">{t('admin.mails.finalized')}{t.colon}{when(m.finalized, props.lang)}</div>}
      </td>
      <td data-label={t('admin.mails.to')} className="admin-wrap">{m.to}</td>
      <td data-label={t('admin.mails.subject')} className="admin-wrap">
        {m.subject}
        {m.lastError && <MailError error={m.lastError} errorKey={m.errorKey} t={t} />}
      </td>
      <td data-label={t('admin.mails.kind')}>{m.lead ? <Link href={m.lead}>{t(`admin.kind.${m.kind}`)}</Link> : t('admin.mails.noRequest')}</td>
      <td data-label={t('admin.mails.attempts')}>{m.attempts} / {m.maxAttempts}</td>
      <td>
        {m.retry && (
          <PostButton action={props.action} fields={{ action: 'retry', id: String(m.id) }} className="admin-row-actions" label={t('admin.mails.retry')} />
        )}
      </td>
    </tr>
  )
}
