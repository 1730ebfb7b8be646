// Browser entry: reads the page object the server embedded and hydrates the
// server-rendered #app (or renders it when the server sent the bare shell).
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import './app/app.css'
import { createRouter, type Page } from './lib/router'

const container = document.getElementById('app')!
const initialPage = JSON.parse(document.getElementById('page')!.textContent!) as Page
const router = createRouter(initialPage)
const app = <App initialPage={initialPage} router={router} />

if (container.firstElementChild) hydrateRoot(container, app)
else createRoot(container).render(app)
