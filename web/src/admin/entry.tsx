// The agency's inbox (/admin/): a bundle of its own, so not one byte of it
// reaches a visitor's page. The server sends the page object in a bare
// shell (the inbox is rendered in the browser: internal/http/web/admin); later
// visits and the forms' posts go through the same page protocol as the
// site's (lib/router).
import './admin.css'
import { createRoot } from 'react-dom/client'
import { createRouter, type Page } from '../lib/router'
import { AdminApp } from './App'

const container = document.getElementById('app')!
const initialPage = JSON.parse(document.getElementById('page')!.textContent!) as Page
createRoot(container).render(<AdminApp initialPage={initialPage} router={createRouter(initialPage)} />)
