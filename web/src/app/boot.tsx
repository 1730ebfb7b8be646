// The app's start, once the runtime has run (entry-client.tsx loads the two in
// separate tasks): loads the page's view chunk and language, then hydrates
// the server-rendered #app, or renders it when the server sent the bare
// shell.
import type * as ReactDOMClient from 'react-dom/client'
import { hydrateInSlices, hydrationWork } from '../lib/hydration/slices'
import { loadLocale } from '../lib/i18n/load'
import { createRouter, type Page } from '../lib/router'
import { App, pageLang } from './App'
import { clientViews } from './pages.client'

export async function boot(container: HTMLElement, initialPage: Page, dom: typeof ReactDOMClient) {
  await Promise.all([clientViews.load(initialPage.component), loadLocale(pageLang(initialPage))])
  // The view's chunk and the texts are evaluated in the task their import resolves in: the hydration's
  // first task comes after, in one of its own (together they were one task over 50 ms at 4× on the list).
  await new Promise<void>((resolve) => setTimeout(resolve, 0))
  const router = createRouter(initialPage)
  const app = <App initialPage={initialPage} router={router} views={clientViews} loadLocale={loadLocale} />
  // In slices (lib/hydration): the page is already painted and works as the server's; no task of its
  // hydration holds the main thread for long. Resolves once all of it is hydrated.
  if (container.firstElementChild) {
    await hydrateInSlices(() => void dom.hydrateRoot(container, app))
    // What each task hydrated, for the browser tests' work budget (e2e/tests/first-view.test.mjs).
    window.immoHydration = hydrationWork()
  }
  else dom.createRoot(container).render(app)
}
