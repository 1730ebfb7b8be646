import { createContext, useContext } from 'react'
import type { Page, Router } from './types'

export const PageContext = createContext<Page | null>(null)
/** null while rendering on the server. */
export const RouterContext = createContext<Router | null>(null)

export function usePage<P = Record<string, unknown>>(): Page<P> {
  const page = useContext(PageContext)
  if (!page) throw new Error('usePage outside <App>')
  return page as Page<P>
}

export function useRouter(): Router | null {
  return useContext(RouterContext)
}
