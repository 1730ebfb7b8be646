import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { Shell, SiteLink } from '../../../lib/site/types'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { LanguageSwitcher } from './LanguageSwitcher'

export interface HeaderProps {
  site: Shell
  isHome: boolean
  scrolled: boolean
  /** Current path, to mark the menu entry and to close the drawer on navigation. */
  path: string
}

/**
 * Logo, main menu, free valuation button and language switcher; below the
 * desktop width they live in a drawer opened by a button. On the home page
 * the logo shows only once scrolled, unless header.showLogoAtStart (SPEC §2).
 */
export function Header({ site, isHome, scrolled, path }: HeaderProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const drawerId = useId()
  const h = site.header
  const valuation = h?.freeValuationButton && site.links?.valuation
  const header = useRef<HTMLElement>(null)
  useCompactWhenCrowded(header, [site.menu, site.languages, valuation])

  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const hideLogo = isHome && !h?.showLogoAtStart && !scrolled
  return (
    <header
      ref={header}
      className="site-header"
      data-logo={h?.logoPosition || 'left'}
      data-menu={h?.menuPosition || 'right'}
      data-drawer={h?.drawerButton || 'right'}
      data-scrolled={h?.changeOnScroll && scrolled ? 'true' : undefined}
    >
      <div className="container header-inner">
        <Link href={site.links?.home || '/'} className="brand" data-hidden={hideLogo ? 'true' : undefined}>
          {site.agency.logo ? (
            <img src={site.agency.logo} alt={site.agency.name} width={180} height={48} />
          ) : (
            <span className="brand-name">{site.agency.name}</span>
          )}
        </Link>
        <button
          type="button"
          className="drawer-toggle"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen((o) => !o)}
          data-icon={open ? 'close' : 'menu'}
        >
          <span className="sr-only">{open ? t('layout.closeMenu') : t('layout.openMenu')}</span>
        </button>
        <div className="drawer" id={drawerId} data-open={open ? 'true' : undefined}>
          <nav className="main-nav" aria-label={t('layout.mainMenu')}>
            <MenuList items={site.menu ?? []} path={path} />
          </nav>
          {valuation && (
            <Link href={valuation} className="button button-accent valuation">
              {t('layout.freeValuation')}
            </Link>
          )}
          <LanguageSwitcher languages={site.languages} />
        </div>
      </div>
    </header>
  )
}

/**
 * The desktop header shows the menu in one line (layout.css, from 1280 px).
 * Should a configured menu still not fit next to the logo, the header turns
 * to the drawer (data-compact) rather than wrap labels or squeeze the logo;
 * checked again whenever the header's width or the menu changes.
 */
function useCompactWhenCrowded(ref: RefObject<HTMLElement | null>, deps: unknown[]) {
  useEffect(() => {
    const el = ref.current
    const inner = el?.querySelector<HTMLElement>('.header-inner')
    if (!el || !inner || typeof ResizeObserver === 'undefined') return
    let width = -1
    const check = () => {
      el.removeAttribute('data-compact') // measure the one-line layout
      if (inner.scrollWidth > inner.clientWidth + 1) el.setAttribute('data-compact', 'true')
    }
    const observer = new ResizeObserver(() => {
      if (el.clientWidth !== width) {
        width = el.clientWidth
        check()
      }
    })
    observer.observe(el)
    check()
    return () => observer.disconnect()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the header's content depends on
  }, deps)
}

function MenuList({ items, path }: { items: SiteLink[]; path: string }) {
  return (
    <ul>
      {items.map((item) => {
        // The page itself, or a page under it (a property under its list).
        const current = item.href === path ? 'page' : item.href.length > 4 && path.startsWith(item.href) ? 'true' : undefined
        return (
          <li key={item.href + item.label} className={item.children?.length ? 'has-children' : undefined}>
            <SmartLink href={item.href} aria-current={current} lang={item.lang}>
              {item.label}
            </SmartLink>
            {item.children && item.children.length > 0 && <MenuList items={item.children} path={path} />}
          </li>
        )
      })}
    </ul>
  )
}
