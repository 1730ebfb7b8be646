import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { usePage } from '../../../lib/router'
import type { ViewName } from '../../../gen/pages'
import type { BaseProps, Shell } from '../../../lib/site/types'
import { Breadcrumb } from '../../../lib/ui/Breadcrumb'
import { Slice } from '../../../lib/hydration/slices'
import { ConsentManager } from '../../../shared/consent'
import { BackToTop } from './BackToTop'
import { Footer, type NewsletterSignup } from './Footer'
import { Header } from './Header'
import { Popup } from './Popup'
import { TopBar } from './TopBar'
import './layout.css'

const EMPTY_SHELL: Shell = {
  lang: 'fr',
  agency: { name: '', phone: '', phoneText: '', email: '', street: '', zip: '', city: '' },
  header: { menuPosition: 'right', logoPosition: 'left', showLogoAtStart: true, changeOnScroll: false, drawerButton: 'right', freeValuationButton: false },
  menu: [],
  topBar: { left: [], right: [] },
  footer: { columns: [], copyright: '', legal: [] },
  languages: [],
  links: { home: '/', login: '', account: '', owner: '' },
}

/** How far the page must scroll for the header to change (SPEC §9: 30 px); read once per frame. */
export const HEADER_SCROLL = 30

/**
 * The page shell: skip link, top bar (desktop and tablet), header with menu,
 * language switcher and mobile drawer, the view in <main>, footer,
 * back-to-top and the configured pop-up. The footer's newsletter sign-up is
 * the newsletter feature's, passed in by the app (a feature imports no other
 * feature: README.md, "Boundaries").
 */
export function Layout({ children, newsletter }: { children: ReactNode; newsletter: NewsletterSignup }) {
  const page = usePage<Partial<BaseProps>>()
  const site = page.props.site ?? EMPTY_SHELL
  const crumbs = page.props.head?.breadcrumb ?? []
  const t = useT()
  const scrollY = useScrollY()
  const main = useRef<HTMLElement>(null)
  const path = page.url.split(/[?#]/)[0]
  const lastPath = useRef(path)

  // After a visit to another page, move the focus to the new content so
  // keyboard and screen reader users start there (not on a new query only:
  // the sort select keeps it).
  useEffect(() => {
    if (lastPath.current === path) return
    lastPath.current = path
    main.current?.focus({ preventScroll: true })
  }, [path])

  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {/* The cookie dialog first: fixed at the bottom of the window, the first stop of the keyboard after the skip link. */}
      <ConsentManager />
      <TopBar site={site} />
      <Slice>
        <Header site={site} isHome={page.component === ('Home' satisfies ViewName)} scrolled={scrollY > HEADER_SCROLL} path={path} />
      </Slice>
      <main id="main" ref={main} tabIndex={-1}>
        {crumbs.length > 1 && (
          <div className="container breadcrumb-bar">
            <Breadcrumb crumbs={crumbs} />
          </div>
        )}
        {children}
      </main>
      <Slice>
        <Footer site={site} newsletter={newsletter} />
      </Slice>
      <BackToTop />
      {site.popup && <Popup popup={site.popup} url={page.url} />}
    </>
  )
}

/** The window's vertical scroll, 0 on the server and until hydrated; updated at most once per frame. */
function useScrollY(): number {
  const [y, setY] = useState(0)
  useEffect(() => {
    let frame = 0
    const read = () => {
      frame = 0
      setY(window.scrollY)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read)
    }
    // The first read in the next frame, not during hydration: reading the scroll there makes the
    // browser compute the whole page's styles at once, a long task on a phone.
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [])
  return y
}
