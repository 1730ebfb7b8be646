// Server entry, built by scripts/build-server.mjs into one IIFE that
// modernc.org/quickjs evaluates once per engine. It defines
//
//   globalThis.immoRender(pageJSON: string): string
//
// pageJSON is the Inertia page object {component, props, url, version}; the
// result is the JSON text of RenderResult: the inner HTML of <div id="app">.
// Go writes the whole <head> from props.head (route.Head).
import './server/shims'
import { renderToString } from 'react-dom/server' // aliased to React's legacy, synchronous renderer
import { App } from './app/App'
import { allViews } from './app/pages'
import './lib/i18n/all' // every language
import type { Page } from './lib/router'

export interface RenderResult {
  body: string
}

function immoRender(pageJSON: string): string {
  const page = JSON.parse(pageJSON) as Page
  const body = renderToString(<App initialPage={page} router={null} views={allViews} />)
  return JSON.stringify({ body } satisfies RenderResult)
}

;(globalThis as { immoRender?: typeof immoRender }).immoRender = immoRender
