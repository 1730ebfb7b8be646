// Server entry, built by scripts/build-server.mjs into one IIFE that
// modernc.org/quickjs evaluates once per engine. It defines
//
//   globalThis.immoRender(pageJSON: string): string
//
// pageJSON is the Inertia page object {component, props, url, version}; the
// result is the inner HTML of <div id="app"> (internal/http/web/ssr's Result.Body),
// returned as is: JSON around 25 KB of HTML costs ~0.25 ms in QuickJS. Go
// writes the whole <head> from props.head (route.Head).
import './server/shims'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server' // preact-render-to-string (scripts/preact.mjs): synchronous
import { App, pageLang } from './app/App'
import { allViews } from './app/pages'
import './lib/i18n/all' // every language
import { LangProvider } from './lib/i18n'
import { MemoStoreContext } from './lib/memo/ServerMemo'
import { PageContext, RouterContext, type Page } from './lib/router'
import { PartMemo, type Miss } from './server/memo'

/** The parts (footer, menus, cards) this engine rendered before: see lib/memo/ServerMemo. */
const memo = new PartMemo()

function immoRender(pageJSON: string): string {
  const page = JSON.parse(pageJSON) as Page
  const misses: Miss[] = []
  const body = renderToString(
    <MemoStoreContext.Provider value={memo.store(misses)}>
      <App initialPage={page} router={null} views={allViews} />
    </MemoStoreContext.Provider>,
  )
  if (misses.length > 0) memo.learn(body, misses, (element) => renderToString(inPage(page, element)))
  return body
}

/** part with the contexts App gives the page's tree (no router on the server). */
function inPage(page: Page, part: ReactElement): ReactElement {
  return (
    <RouterContext.Provider value={null}>
      <PageContext.Provider value={page}>
        <LangProvider lang={pageLang(page)}>{part}</LangProvider>
      </PageContext.Provider>
    </RouterContext.Provider>
  )
}

;(globalThis as { immoRender?: typeof immoRender }).immoRender = immoRender
