import type { T } from '../../texts'

/** A mail's last error: what it means in the staff's words, the server's own (English) answer folded beside it. */
export function MailError({ error, errorKey, t }: { error: string; errorKey: string; t: T }) {
  return (
    <div className="admin-error admin-small">
      {t('admin.mails.lastError')}{t.colon}{t(errorKey || 'admin.mails.error.other')}
      <details className="admin-mail-detail">
        <summary>{t('admin.mails.error.detail')}</summary>
        <code lang="en">{error}</code>
      </details>
    </div>
  )
}
