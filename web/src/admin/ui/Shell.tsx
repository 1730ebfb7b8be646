import type { ReactNode } from 'react'
import type { LoginProps } from '../../gen/admin'
import { Link, useRouter } from '../../lib/router'
import { texts } from './texts'

/** The inbox's frame: its menu, who is logged in and the logout, the page's own content. */
export function Shell({ base, title, children }: { base: Omit<LoginProps, 'step' | 'action'>; title: string; children: ReactNode }) {
  const t = texts(base)
  const router = useRouter()
  const viewer = base.viewer
  return (
    <div className="admin">
      <header className="admin-bar">
        <strong className="admin-brand">{t('admin.brand')}</strong>
        {viewer && (
          <nav aria-label={t('admin.nav.label')}>
            <ul>
              {(base.nav ?? []).map((n) => (
                <li key={n.href}>
                  <Link href={n.href} aria-current={n.current ? 'page' : undefined}>{t(n.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {viewer && (
          <form
            method="post"
            action={viewer.logout}
            className="admin-who"
            onSubmit={(e) => {
              e.preventDefault()
              void router?.visit(viewer.logout, { method: 'post', data: {} })
            }}
          >
            <span>{viewer.name}</span>
            <button type="submit">{t('admin.logout')}</button>
          </form>
        )}
      </header>
      <main className="admin-main" id="main">
        <h1>{title}</h1>
        {base.errors?.form && <p className="admin-error" role="alert">{t(base.errors.form)}</p>}
        {base.notice && <p className="admin-notice" role="status">{t(base.notice)}</p>}
        {children}
      </main>
    </div>
  )
}
