import { useEffect, useRef, type ReactNode } from 'react'
import type { LoginProps } from '../../../../gen/admin'
import { Link, useRouter } from '../../../../lib/router'
import { texts } from '../../texts'

/** The inbox's frame: its menu, who is logged in and the logout, the page's own content. */
export function Shell({ base, title, children }: { base: Omit<LoginProps, 'step' | 'action'>; title: string; children: ReactNode }) {
  const t = texts(base)
  const router = useRouter()
  const viewer = base.viewer
  // The menu's line scrolls sideways where it is wider than the screen (a
  // phone): the current section is brought into it, the page itself not scrolled.
  const menu = useRef<HTMLUListElement>(null)
  const current = base.nav?.find((n) => n.current)?.href
  useEffect(() => {
    const ul = menu.current
    const a = ul?.querySelector('[aria-current="page"]')
    if (!ul || !a || ul.scrollWidth <= ul.clientWidth) return
    const box = ul.getBoundingClientRect()
    const item = a.getBoundingClientRect()
    if (item.left < box.left || item.right > box.right) ul.scrollLeft += item.left - box.left - (box.width - item.width) / 2
  }, [current])
  // Each page's own title in its tab (a lead's: its kind and sender), as
  // the server wrote it for the first page.
  const brand = t('admin.brand')
  useEffect(() => {
    document.title = `${title} · ${brand}`
  }, [title, brand])
  return (
    <div className="admin">
      <a className="admin-skip" href="#main">{t('admin.skip')}</a>
      <header className="admin-bar">
        <strong className="admin-brand">{t('admin.brand')}</strong>
        {viewer && (
          <nav aria-label={t('admin.nav.label')}>
            <ul ref={menu}>
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
            <span title={viewer.name}>{viewer.name}</span>
            <button type="submit">{t('admin.logout')}</button>
          </form>
        )}
      </header>
      <main className="admin-main" id="main" tabIndex={-1}>
        <h1>{title}</h1>
        {base.errors?.form && <p className="admin-error" role="alert">{t(base.errors.form)}</p>}
        {base.notice && <p className="admin-notice" role="status">{t(base.notice)}</p>}
        {children}
      </main>
    </div>
  )
}
