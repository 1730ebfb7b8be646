// The app's start, once the runtime has run (entry-client.tsx loads the two in
// separate tasks): loads the page's view chunk and language, then hydrates
// the server-rendered #app, or renders it when the server sent the bare
// shell.
import { startTransition } from 'react'
import type * as ReactDOMClient from 'react-dom/client'
import { loadLocale } from '../lib/i18n/load'
import { createRouter, type Page } from '../lib/router'
import { App, pageLang } from './App'
import { clientViews } from './pages.client'

export async function boot(container: HTMLElement, initialPage: Page, dom: typeof ReactDOMClient) {
  await Promise.all([clientViews.load(initialPage.component), loadLocale(pageLang(initialPage))])
  const router = createRouter(initialPage)
  const app = <App initialPage={initialPage} router={router} views={clientViews} loadLocale={loadLocale} />
  // Hydrating in a transition lets React yield to the browser every few
  // milliseconds instead of holding the main thread for the whole page: the
  // page is already painted and usable, and a click or a key meanwhile is
  // handled first (React hydrates what it reaches first).
  if (container.firstElementChild) startTransition(() => void dom.hydrateRoot(container, app))
  else dom.createRoot(container).render(app)
}
