import type { ComponentType } from 'react'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ViewComponent = ComponentType<any>

/**
 * The view registry: Inertia view name (page.component, set by the Go
 * handler) → component. The server bundle and the tests have every view at
 * once (staticViews); the browser loads each view's chunk on first use
 * (lazyViews), before hydrating or swapping to it.
 */
export interface Views {
  /** The component, once loaded. */
  get(name: string): ViewComponent | undefined
  /** Loads the view; rejects on an unknown name. */
  load(name: string): Promise<ViewComponent>
}

export function unknownView(name: string): Error {
  return new Error(`unknown view "${name}"`)
}

export function staticViews(map: Record<string, ViewComponent>): Views {
  return {
    get: (name) => (Object.hasOwn(map, name) ? map[name] : undefined),
    load: (name) => (Object.hasOwn(map, name) ? Promise.resolve(map[name]) : Promise.reject(unknownView(name))),
  }
}

export function lazyViews(loaders: Record<string, () => Promise<ViewComponent>>): Views {
  const loaded = new Map<string, ViewComponent>()
  const pending = new Map<string, Promise<ViewComponent>>()
  return {
    get: (name) => loaded.get(name),
    load(name) {
      const done = loaded.get(name)
      if (done) return Promise.resolve(done)
      if (!Object.hasOwn(loaders, name)) return Promise.reject(unknownView(name))
      let p = pending.get(name)
      if (!p) {
        p = loaders[name]().then(
          (c) => {
            loaded.set(name, c)
            pending.delete(name)
            return c
          },
          (err) => {
            pending.delete(name) // a failed chunk may load next time
            throw err
          },
        )
        pending.set(name, p)
      }
      return p
    },
  }
}
