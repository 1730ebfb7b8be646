// Server entry, built by scripts/build-server.mjs into one IIFE that
// modernc.org/quickjs evaluates once per engine. It defines
//
//   globalThis.immoRender(pageJSON: string): string
//
// pageJSON is the Inertia page object {component, props, url, version}; the
// result is the JSON text of RenderResult: the inner HTML of <div id="app">
// and the head elements the page declared with <Head>.
import './server/shims'
import { renderToString } from 'react-dom/server' // aliased to React's legacy, synchronous renderer
import { App } from './app/App'
import { HeadCollector, renderHead, type HeadTag } from './lib/head/Head'
import type { Page } from './lib/router'

export interface RenderResult {
  head: string[]
  body: string
}

function immoRender(pageJSON: string): string {
  const page = JSON.parse(pageJSON) as Page
  const tags: HeadTag[] = []
  const body = renderToString(
    <HeadCollector.Provider value={tags}>
      <App initialPage={page} router={null} />
    </HeadCollector.Provider>,
  )
  return JSON.stringify({ head: renderHead(tags), body } satisfies RenderResult)
}

;(globalThis as { immoRender?: typeof immoRender }).immoRender = immoRender
