// Element ids that do not depend on the order parts hydrate in. Preact's useId numbers ids in the order
// components render under the root; a Slice (slices.tsx) or a deferred form hydrates later than the
// server rendered it, so its ids — and every id after it — would come out otherwise in the browser
// (a label naming no field, a button controlling nothing). Here a part that may hydrate later takes one
// number from its parent's scope where it stands, as the server's render does, and numbers the ids
// inside it in a scope of its own.
import { createContext, useContext, useId, useState, type ReactNode } from 'react'

interface Scope {
  prefix: string
  n: number
}

const IdScope = createContext<Scope | null>(null)

/** The scope's next number. Taken while rendering, on purpose: render order is what server and browser share. */
function take(scope: Scope): number {
  return scope.n++
}

/** The page's ids: App gives every render its own. */
export function PageIds({ children }: { children: ReactNode }) {
  const [scope] = useState<Scope>(() => ({ prefix: 'i', n: 0 }))
  return <IdScope.Provider value={scope}>{children}</IdScope.Provider>
}

/** A part whose ids are its own: numbered inside it, whenever it renders. */
export function OwnIds({ children }: { children: ReactNode }) {
  const parent = useContext(IdScope)
  const [scope] = useState<Scope | null>(() => (parent ? { prefix: `${parent.prefix}${take(parent)}-`, n: 0 } : null))
  return scope ? <IdScope.Provider value={scope}>{children}</IdScope.Provider> : children
}

/**
 * An id for an element (a field's label, a control's aria-controls): the same in the server's HTML and in
 * the browser, whatever hydrates first. Outside a page (a component rendered on its own), useId's.
 */
export function useElementId(): string {
  const scope = useContext(IdScope)
  const own = useId()
  const [id] = useState(() => (scope ? `${scope.prefix}${take(scope)}` : own))
  return id
}
