// Browser entry: reads the page object the server embedded, loads the
// page's view chunk and language, then hydrates the server-rendered #app (or renders it
// when the server sent the bare shell). The head's loader adds this script at the
// visitor's first touch, key or focus, or when the loaded page leaves the browser idle
// (internal/http/web/assets, appLoader); a click it held on one of the app's buttons
// meanwhile is given again here.
import './app/app.css' // first: the base rules come before the components' own
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, pageLang } from './app/App'
import { clientViews } from './app/pages.client'
import { loadLocale } from './lib/i18n/load'
import { createRouter, type Page } from './lib/router'

const container = document.getElementById('app')!
const initialPage = JSON.parse(document.getElementById('page')!.textContent!) as Page

Promise.all([clientViews.load(initialPage.component), loadLocale(pageLang(initialPage))]).then(() => {
  const router = createRouter(initialPage)
  const app = <App initialPage={initialPage} router={router} views={clientViews} loadLocale={loadLocale} />
  // Hydrating in a transition lets React yield to the browser every few
  // milliseconds instead of holding the main thread for the whole page: the
  // page is already painted and usable, and a click or a key meanwhile is
  // handled first (React hydrates what it reaches first).
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app))
  else createRoot(container).render(app)
  replayHeldClicks()
})

declare global {
  interface Window {
    /** The buttons clicked before the app was there (the head's loader holds them). */
    immoClicks?: HTMLElement[]
    /** Set once the app runs: the loader holds no more clicks. */
    immoHydrated?: boolean
  }
}

/**
 * The clicks the loader held are given again, now that React listens: a click on a part not yet hydrated
 * makes React hydrate it at once, then run its handler.
 */
function replayHeldClicks() {
  window.immoHydrated = true
  for (const button of window.immoClicks?.splice(0) ?? []) {
    if (button.isConnected) button.click()
  }
}
