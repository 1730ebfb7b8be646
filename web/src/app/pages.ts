import type { ComponentType } from 'react'
import { NotFoundPage } from '../features/errors/components/NotFoundPage'
import { HomePage } from '../features/home/components/HomePage'

/**
 * The page registry: Inertia view name (page.component, set by the Go
 * handler) → component. Both the client and the server bundle import it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const pages: Record<string, ComponentType<any>> = {
  Home: HomePage,
  NotFound: NotFoundPage,
}

export function resolvePage(name: string): ComponentType<Record<string, unknown>> {
  const page = pages[name]
  if (!page) throw new Error(`unknown view "${name}"`)
  return page
}
