import { renderToString } from 'react-dom/server'
import { App } from '../app/App'
import { allViews } from '../app/pages'
import type { Page } from '../lib/router'

/** Renders a page as the server entry does. */
export function renderPage(page: Page): string {
  return renderToString(<App initialPage={page} router={null} views={allViews} />)
}
