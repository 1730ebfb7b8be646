import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { PageContext, RouterContext, type Page, type Router } from '../lib/router'
import { Layout } from './Layout'
import { resolvePage } from './pages'

export interface AppProps {
  initialPage: Page
  /** null on the server. */
  router: Router | null
}

/** The app shell: the persistent Layout around the current view. */
export function App({ initialPage, router }: AppProps) {
  const [state, setState] = useState({ page: initialPage, key: 0 })

  useEffect(() => {
    router?.connect((page, { preserveState }) =>
      flushSync(() => setState((s) => ({ page, key: preserveState ? s.key : s.key + 1 }))),
    )
  }, [router])

  const View = resolvePage(state.page.component)
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={state.page}>
        <Layout>
          <View key={state.key} {...state.page.props} />
        </Layout>
      </PageContext.Provider>
    </RouterContext.Provider>
  )
}
