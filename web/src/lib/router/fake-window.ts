// Test helper: a minimal window (location, history, scroll, fetch, events)
// for router tests, deterministic where a DOM implementation's navigation
// would not be.
import { vi } from 'vitest'
import type { Page } from './types'

type Entry = { url: URL; state: unknown }

export function fakeWindow(start = 'http://test.local/', doc: Document = document) {
  const entries: Entry[] = [{ url: new URL(start), state: null }]
  let index = 0
  const listeners = new Map<string, Set<(e: Event) => void>>()
  const cur = () => entries[index]
  const dispatch = (type: string, e: Event) => listeners.get(type)?.forEach((fn) => fn(e))

  const win = {
    scrollX: 0,
    scrollY: 0,
    document: doc,
    fetch: vi.fn<typeof fetch>(),
    scrollTo: vi.fn((x: number, y: number) => { win.scrollX = x; win.scrollY = y }),
    addEventListener: (type: string, fn: (e: Event) => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set())
      listeners.get(type)!.add(fn)
    },
    location: {
      get href() { return cur().url.href },
      get origin() { return cur().url.origin },
      get pathname() { return cur().url.pathname },
      get search() { return cur().url.search },
      get hash() { return cur().url.hash },
      assign: vi.fn<(url: string) => void>(),
      reload: vi.fn<() => void>(),
    },
    history: {
      scrollRestoration: 'auto' as ScrollRestoration,
      get state() { return cur().state },
      get length() { return entries.length },
      pushState(state: unknown, _: string, url?: string) {
        entries.splice(index + 1)
        entries.push({ url: new URL(url ?? cur().url.href, cur().url), state: structuredClone(state) })
        index++
      },
      replaceState(state: unknown, _: string, url?: string) {
        entries[index] = { url: new URL(url ?? cur().url.href, cur().url), state: structuredClone(state) }
      },
      go(delta: number) {
        index += delta
        const e = new Event('popstate') as PopStateEvent
        Object.defineProperty(e, 'state', { value: structuredClone(cur().state) })
        dispatch('popstate', e)
      },
      back() { this.go(-1) },
      forward() { this.go(1) },
    },
    dispatch,
  }
  return win
}

export type FakeWindow = ReturnType<typeof fakeWindow>

/** A fetch Response carrying an Inertia page. */
export function inertia(page: Page, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(page), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', 'X-Inertia': 'true', Vary: 'X-Inertia', ...init.headers },
  })
}

export const page = (component: string, url: string, props: Record<string, unknown> = {}, version = 'v1'): Page => ({
  component,
  props,
  url,
  version,
})
