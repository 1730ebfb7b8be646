// Parts of the page that never move in the browser (issue #34, docs/ARCHITECTURE.md "The phone's main
// thread"): cards, a property's figures and details, the footer's columns. The server renders them; the
// browser's hydration keeps their HTML as it is and runs none of their code — no component, no element to
// walk, no Suspense —, so they cost the phone's main thread nothing. Their links still act as the app's:
// the part's element serves them (lib/router/delegate.ts).
import { useLayoutEffect, useRef, useState, type AllHTMLAttributes, type ElementType, type JSX, type ReactNode } from 'react'
import { useLinkDelegate } from '../router'
import { OwnIds } from './ids'
import { isHydrating } from './slices'

type Tag = keyof JSX.IntrinsicElements

export type StaticProps = AllHTMLAttributes<HTMLElement> & {
  /** The part's element, which stays in the page: its content is the server's. */
  as: Tag
  /** Everything the content depends on: while these stay the ones it hydrated with, the server's HTML stays. */
  deps: unknown[]
  /** The content; links only for interaction (no handler inside runs while the server's HTML stays). */
  children: ReactNode
}

/** Preact leaves an element's content alone while hydrating it with this, and while it stays the same object. */
const SERVER_HTML = { __html: '' }

/**
 * A part that is the server's HTML while its deps stay as they were when the page hydrated; rendered by the
 * browser once they change (another page's data in the same place) and wherever it mounts outside a
 * hydration. It numbers its ids in a scope of its own (ids.tsx) as a Slice does, so the parts after it take
 * the same ids in the server's render and the browser's.
 */
export function Static({ as, deps, children, ...host }: StaticProps) {
  const links = useLinkDelegate()
  const element = useRef<HTMLElement>(null)
  const [hydratedWith] = useState(() => (isHydrating() ? deps : null))
  // Once rendered by the browser it never goes back: the server's HTML is gone.
  const [left, setLeft] = useState(false)
  const keep = !left && hydratedWith !== null && sameDeps(hydratedWith, deps)
  if (!keep && !left && hydratedWith !== null) setLeft(true)
  useLayoutEffect(() => {
    // Mounted during the hydration but over no server HTML (a part the browser added meanwhile): render it.
    if (keep && !element.current?.firstChild) setLeft(true)
  }, [keep])
  const Host = as as ElementType
  return (
    <OwnIds>
      {keep ? (
        <Host {...host} {...links} ref={element} data-static="" dangerouslySetInnerHTML={SERVER_HTML} />
      ) : (
        <Host {...host} {...links} ref={element} data-static="">
          {children}
        </Host>
      )}
    </OwnIds>
  )
}

function sameDeps(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]))
}
