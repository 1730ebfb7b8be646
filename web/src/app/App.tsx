import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Layout } from '../features/layout/components/Layout'
import '../features/newsletter/components/newsletter.css' // the sign-up's rules, inlined in every page: its code comes later
import { deferredForm, loadDeferredForms } from '../shared/forms/deferred'
import { syncHead } from '../lib/head/sync'
import '../lib/ui/icons.css'
import { isLang, LangProvider, type Lang } from '../lib/i18n'
import { PageContext, RouterContext, type Page, type Router } from '../lib/router'
import type { BaseProps } from '../lib/site/types'
import { unknownView, type Views } from './views'
import { PageIds } from '../lib/hydration/ids'
import { endSlicing, Slice } from '../lib/hydration/slices'

/** The footer's newsletter sign-up: its code loads when the footer comes near or the visitor turns to it (shared/forms/deferred). */
const NewsletterSignup = deferredForm(() => import('../features/newsletter/components/NewsletterSignup'))

export interface AppProps {
  initialPage: Page
  /** null on the server. */
  router: Router | null
  /** The view registry; the initial page's view must be loaded already. */
  views: Views
  /** Loads a language's translations (browser); the initial page's must be loaded already. */
  loadLocale?: (lang: Lang) => Promise<void>
}

/** The page's language: props.site.lang, French when missing. */
export function pageLang(page: Page): Lang {
  const lang = (page.props as Partial<BaseProps>).site?.lang
  return isLang(lang) ? lang : 'fr'
}

/** The app shell: translations of the page's language, the persistent Layout around the current view. */
export function App({ initialPage, router, views, loadLocale }: AppProps) {
  const [state, setState] = useState({ page: initialPage, key: 0 })

  useEffect(() => {
    router?.connect(async (page, { preserveState }) => {
      // The view's chunk and the language's translations, before the swap;
      // and the code of the forms shown that stay through it, which must
      // hydrate before it (another view's swap keeps the footer's alone).
      const staying = preserveState ? undefined : [NewsletterSignup]
      await Promise.all([views.load(page.component), loadLocale?.(pageLang(page)), loadDeferredForms(staying)])
      // A page swapped in while the first one still hydrates in slices renders whole, at once.
      endSlicing()
      flushSync(() => setState((s) => ({ page, key: preserveState ? s.key : s.key + 1 })))
    })
  }, [router, views, loadLocale])

  const { page } = state
  const lang = pageLang(page)
  const props = page.props as Partial<BaseProps>
  // The first page's head is Go's, written from the same props: only a later page's needs writing.
  const headShown = useRef(props.head)
  useEffect(() => {
    if (headShown.current === props.head) return
    headShown.current = props.head
    syncHead(props.head, lang)
  }, [props.head, lang])

  const View = views.get(page.component)
  if (!View) throw unknownView(page.component)
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>
        <LangProvider lang={lang}>
          <PageIds>
            <Layout newsletter={NewsletterSignup}>
              {/* The view hydrates after the layout's skeleton, in a task of its own or more (lib/hydration). */}
              <Slice key={state.key}>
                <View {...page.props} />
              </Slice>
            </Layout>
          </PageIds>
        </LangProvider>
      </PageContext.Provider>
    </RouterContext.Provider>
  )
}
