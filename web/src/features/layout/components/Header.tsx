import { LoginLink } from './LoginLink'
import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { Link } from '../../../lib/router'
import type { Shell, SiteLink } from '../../../lib/site/types'
import { SmartLink } from '../../../lib/ui/SmartLink'
import { ServerMemo } from '../../../lib/memo/ServerMemo'
import { LanguageSwitcher } from './LanguageSwitcher'
import { useElementId } from '../../../lib/hydration/ids'

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
  const drawerId = useElementId()
  const h = site.header
  const valuation = h?.freeValuationButton && site.links?.valuation
  const header = useRef<HTMLElement>(null)
  const slot = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLElement>(null)
  const drawer = useRef<HTMLDivElement>(null)
  useCompactWhenCrowded(header, [site.menu, site.languages, valuation])
  const fixed = Boolean(h?.changeOnScroll && scrolled)
  // With changeOnScroll the header leaves the flow when it turns fixed; its
  // slot always carries the header's height (kept by a ResizeObserver), so
  // the page below does not move. Measuring only at the switch would read
  // the layout with the header gone, and the browser's scroll anchoring
  // then scrolls the page by the header's height (a click in flight lands
  // elsewhere).
  useLayoutEffect(() => {
    const s = slot.current
    const hd = header.current
    if (!s || !hd || !h?.changeOnScroll) return
    const keep = () => {
      const height = `${hd.offsetHeight}px`
      // 0: not laid out (hidden, or no layout engine); the same height written again would still ask for a layout.
      if (hd.offsetHeight > 0 && s.style.height !== height) s.style.height = height
    }
    // The observer's first call comes in the next frame, after the browser's own layout: reading the height
    // here, in the hydration's task, made the browser lay the page out inside it.
    if (typeof ResizeObserver === 'undefined') return keep()
    const observer = new ResizeObserver(keep)
    observer.observe(hd)
    return () => observer.disconnect()
  }, [h?.changeOnScroll])

  // The header's height for the document's scroll padding (app.css): what the browser scrolls into view
  // stops below the header. The html element's own scroll-padding-top, written when the height changes: a
  // custom property of :root, which every element inherits, restyled the whole page when set (100–300 ms of
  // a slowed phone's hydration).
  useEffect(() => {
    const hd = header.current
    if (!hd || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    let height = 0
    const keep = () => {
      if (hd.offsetHeight <= 0 || hd.offsetHeight === height) return
      height = hd.offsetHeight
      root.style.scrollPaddingTop = `calc(${height}px + 0.75rem)`
    }
    // First read in the observer's first call (the next frame, after layout), not here: see above.
    const observer = new ResizeObserver(keep)
    observer.observe(hd)
    return () => {
      observer.disconnect()
      root.style.removeProperty('scroll-padding-top')
    }
  }, [])
  useEffect(() => setOpen(false), [path])
  // Opened before hydration (the <details> on its own): the state takes it over.
  useEffect(() => {
    if (toggle.current?.parentElement instanceof HTMLDetailsElement && toggle.current.parentElement.open) setOpen(true)
  }, [])
  useDrawerFocus(open, drawer, toggle, () => setOpen(false))

  const hideLogo = isHome && !h?.showLogoAtStart && !scrolled
  return (
    <div className="header-slot" ref={slot} data-change-on-scroll={h?.changeOnScroll ? 'true' : undefined}>
      <header
        ref={header}
        className="site-header"
        data-logo={h?.logoPosition || 'left'}
        data-menu={h?.menuPosition || 'right'}
        data-drawer={h?.drawerButton || 'right'}
        data-scrolled={fixed ? 'true' : undefined}
      >
        <div className="container header-inner">
          <Link href={site.links?.home || '/'} className="brand" data-hidden={hideLogo ? 'true' : undefined}>
            {site.agency.logo ? (
              <img src={site.agency.logo} alt={site.agency.name} width={180} height={48} />
            ) : (
              <span className="brand-name">{site.agency.name}</span>
            )}
          </Link>
          {/* A disclosure that works before (or without) JavaScript: the drawer follows the open <details>
              (layout.css); once hydrated, React owns the state and keeps the attribute in step. */}
          <details className="drawer-details" open={open}>
            <summary
              ref={toggle}
              className="drawer-toggle"
              role="button"
              aria-expanded={open}
              aria-controls={drawerId}
              onClick={(e) => {
                e.preventDefault()
                setOpen((o) => !o)
              }}
              data-icon={open ? 'close' : 'menu'}
            >
              <span className="sr-only">{open ? t('layout.closeMenu') : t('layout.openMenu')}</span>
            </summary>
          </details>
          <div className="drawer" id={drawerId} ref={drawer} data-open={open ? 'true' : undefined}>
            {/* The same on every page but for the entry marked current: the server renders it once per mark. */}
            <ServerMemo as="nav" className="main-nav" aria-label={t('layout.mainMenu')} part="menu" deps={[site.menu, menuMarks(site.menu ?? [], path)]}>
              <MenuList items={site.menu ?? []} path={path} idPrefix="submenu" />
            </ServerMemo>
            {valuation && (
              <Link href={valuation} className="button button-accent valuation">
                {t('layout.freeValuation')}
              </Link>
            )}
            {site.links?.login && <LoginLink links={site.links} className="header-login" />}
            <LanguageSwitcher languages={site.languages} />
          </div>
        </div>
      </header>
      {open && <div className="drawer-backdrop" data-testid="drawer-backdrop" onClick={() => setOpen(false)} />}
    </div>
  )
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** Whether el can take the focus: not hidden by CSS (the drawer's sub menu buttons are, on phones). */
function shown(el: HTMLElement): boolean {
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : getComputedStyle(el).display !== 'none'
}

/**
 * While the mobile drawer is open: focus moves to its first link, Tab and
 * Shift+Tab cycle through the toggle (now "close menu") and the drawer's
 * controls, Escape closes it; on closing, the focus returns to the toggle. In the render's own task (a layout
 * effect): a plain effect runs a frame later, and a key pressed meanwhile went to the page behind.
 */
function useDrawerFocus(open: boolean, drawer: RefObject<HTMLElement | null>, toggle: RefObject<HTMLElement | null>, close: () => void) {
  const wasOpen = useRef(false)
  useLayoutEffect(() => {
    if (!open) {
      const a = document.activeElement
      // Back to the button, unless the visitor has moved the focus elsewhere (a link's new page focuses its content).
      if (wasOpen.current && (!a || a === document.body || drawer.current?.contains(a))) toggle.current?.focus()
      wasOpen.current = false
      return
    }
    wasOpen.current = true
    const items = () => [toggle.current, ...(drawer.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el): el is HTMLElement => !!el && shown(el))
    items()[1]?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        close()
        return
      }
      if (e.key !== 'Tab') return
      const list = items()
      const i = list.indexOf(document.activeElement as HTMLElement)
      const next = e.shiftKey ? (i <= 0 ? list.length - 1 : i - 1) : i < 0 || i === list.length - 1 ? 0 : i + 1
      e.preventDefault()
      list[next]?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- close is a new function each render; only open matters
  }, [open])
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

/** aria-current of a menu entry: the page itself, or a page under it (a property under its list). */
function currentOf(href: string, path: string): 'page' | 'true' | undefined {
  return href === path ? 'page' : href.length > 4 && path.startsWith(href) ? 'true' : undefined
}

/** Which entries of the menu are current at path: all of the menu's markup that depends on the page. */
function menuMarks(items: SiteLink[], path: string): string {
  return items.map((i) => (currentOf(i.href, path) ?? '') + (i.children?.length ? `(${menuMarks(i.children, path)})` : '')).join(',')
}

/**
 * idPrefix names the entries' sub menus (explicit ids, not useId: the
 * server reuses the menu's HTML on every page, at whatever place in the tree).
 */
function MenuList({ items, path, idPrefix }: { items: SiteLink[]; path: string; idPrefix: string }) {
  return (
    <ul>
      {items.map((item, i) => (
        <MenuItem key={item.href + item.label} item={item} path={path} subId={`${idPrefix}-${i}`} />
      ))}
    </ul>
  )
}

/**
 * One menu entry. A parent's sub menu opens on hover and whenever the focus
 * is inside it (CSS), and with its own button (aria-expanded) for touch,
 * where there is no hover, and for keyboard users who want it open.
 */
function MenuItem({ item, path, subId }: { item: SiteLink; path: string; subId: string }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  // Escape closed the sub menu: it stays closed, hover and focus inside too, until the pointer leaves the
  // entry or the focus moves out of it.
  const [dismissed, setDismissed] = useState(false)
  const li = useRef<HTMLLIElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const hasChildren = Boolean(item.children && item.children.length > 0)
  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    const onDown = (e: Event) => li.current?.contains(e.target as Node) || setOpen(false)
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])
  const onKeyDown = (e: ReactKeyboardEvent<HTMLLIElement>) => {
    if (e.key !== 'Escape' || !hasChildren || dismissed) return
    const sub = li.current?.querySelector<HTMLElement>('.submenu')
    // Opened by its button, or the header's drop-down shown by hover or focus (absolute); in the drawer,
    // where sub menus are simply listed, Escape closes the drawer.
    if (!open && (!sub || !shown(sub) || getComputedStyle(sub).position !== 'absolute')) return
    setOpen(false)
    setDismissed(true)
    if (sub?.contains(document.activeElement)) toggleRef.current?.focus()
  }
  const current = currentOf(item.href, path)
  return (
    <li
      ref={li}
      className={hasChildren ? 'has-children' : undefined}
      data-open={open ? 'true' : undefined}
      data-dismissed={dismissed ? 'true' : undefined}
      onKeyDown={hasChildren ? onKeyDown : undefined}
      onPointerLeave={dismissed ? () => setDismissed(false) : undefined}
      onBlur={dismissed ? (e) => li.current?.contains(e.relatedTarget as Node | null) || setDismissed(false) : undefined}
    >
      <SmartLink href={item.href} aria-current={current} lang={item.lang}>
        {item.label}
      </SmartLink>
      {hasChildren && (
        <>
          <button
            ref={toggleRef}
            type="button"
            className="submenu-toggle"
            aria-expanded={open}
            aria-controls={subId}
            data-icon="chevronDown"
            onClick={() => {
              setDismissed(false)
              setOpen((o) => !o)
            }}
          >
            <span className="sr-only">{t('layout.subMenu', { label: item.label })}</span>
          </button>
          <div id={subId} className="submenu">
            <MenuList items={item.children!} path={path} idPrefix={subId} />
          </div>
        </>
      )}
    </li>
  )
}
