// Browser entry: reads the page object the server embedded, loads the
// page's view chunk and language, then hydrates the server-rendered #app (or renders it
// when the server sent the bare shell).
import './app/app.css' // first: the base rules come before the components' own
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
  if (container.firstElementChild) hydrateRoot(container, app)
  else createRoot(container).render(app)
})
