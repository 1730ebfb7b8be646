// Browser entry: reads the page object the server embedded, loads the
// page's view chunk and language, then hydrates the server-rendered #app (or renders it
// when the server sent the bare shell). The head's loader adds this script at the
// visitor's first touch, key or focus, or when the loaded page leaves the browser idle
// (internal/http/web/assets, appLoader); a click it held on one of the app's buttons
// meanwhile is given again here.
import './app/app.css' // first: the base rules come before the components' own
import type { Page } from './lib/router'

const container = document.getElementById('app')!
const initialPage = JSON.parse(document.getElementById('page')!.textContent!) as Page

/** A new task: the browser may paint and take input between two parts of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// The runtime (Preact's React layer under react-dom's name: scripts/preact.mjs, in one chunk with the small modules
// every page shares, so evaluated with this entry), the app, then the page's view and texts, each evaluated in a
// task of its own (their files are fetched together: the head's loader preloads them),
// and the hydration's first task after them: one module graph is evaluated in one task, and any two together held
// the main thread for longer than either (the view's chunk with the first hydration task: over 50 ms at 4× on the
// sale list).
void (async () => {
  const dom = await import('react-dom/client')
  await nextTask()
  const { prepare, boot } = await import('./app/boot')
  await nextTask()
  await prepare(initialPage)
  await nextTask()
  await boot(container, initialPage, dom)
  replayHeldClicks()
})()

declare global {
  interface Window {
    /** The buttons clicked before the app was there (the head's loader holds them). */
    immoClicks?: HTMLElement[]
    /** Set once the app runs: the loader holds no more clicks. */
    immoHydrated?: boolean
    /** The elements each task of the first page's hydration hydrated (lib/hydration/slices.tsx). */
    immoHydration?: number[]
  }
}

/** The clicks the loader held are given again, now that the hydrated page listens. */
function replayHeldClicks() {
  window.immoHydrated = true
  for (const button of window.immoClicks?.splice(0) ?? []) {
    if (button.isConnected) button.click()
  }
}
