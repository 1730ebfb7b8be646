import type { ComponentType } from 'react'
import type { ViewName, ViewProps } from '../gen/pages'

/**
 * Every view's component, each taking its view's props as Go sends them
 * (both generated from Go: internal/http/web/views, the route props structs): a
 * view missing here, or a component expecting other props, fails tsc.
 */
export type ViewComponents = { [V in ViewName]: ComponentType<ViewProps[V]> }

/** Every view's chunk loader, typed as ViewComponents. */
export type ViewLoaders = { [V in ViewName]: () => Promise<ComponentType<ViewProps[V]>> }

/**
 * A loaded view as the app renders it: the page object pairs its component
 * name with that view's props, which the registries above check, so here a
 * view takes the page's props as they come.
 */
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

export function staticViews(components: ViewComponents): Views {
  const map: Record<string, ViewComponent> = components
  return {
    get: (name) => (Object.hasOwn(map, name) ? map[name] : undefined),
    load: (name) => (Object.hasOwn(map, name) ? Promise.resolve(map[name]) : Promise.reject(unknownView(name))),
  }
}

export function lazyViews(viewLoaders: ViewLoaders): Views {
  const loaders: Record<string, () => Promise<ViewComponent>> = viewLoaders
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
