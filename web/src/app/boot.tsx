// The app's start, once the runtime has run (entry-client.tsx runs each stage
// in a task of its own): prepare loads the page's view chunk and language,
// boot hydrates the server-rendered #app, or renders it when the server sent
// the bare shell.
import type * as ReactDOMClient from 'react-dom/client'
import { hydrateInSlices, hydrationWork } from '../lib/hydration/slices'
import { loadLocale } from '../lib/i18n/load'
import { createRouter, type Page } from '../lib/router'
import { App, pageLang } from './App'
import { clientViews } from './pages.client'

/** Loads what the first page needs besides the app: its view's chunk and its language's texts. */
export async function prepare(initialPage: Page): Promise<void> {
  await Promise.all([clientViews.load(initialPage.component), loadLocale(pageLang(initialPage))])
}

/** Starts the app on the first page, once prepare has loaded what it needs. */
export async function boot(container: HTMLElement, initialPage: Page, dom: typeof ReactDOMClient) {
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
