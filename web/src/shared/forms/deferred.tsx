// A form whose code (the form itself, react-hook-form, zod, the kit's fields:
// ~25 KB gzip) loads only when the page needs it: not with the page, nor
// when a form comes into view (the contact page's form is in view at once),
// but when the visitor turns to one — the focus or a pointer on it (issue
// #34). Until then the server's form is a plain HTML form that posts by
// itself. This module is the light part a view imports; it never imports
// the kit.
import {
  createContext,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react'
import { OwnIds } from '../../lib/hydration/ids'
import './deferred.css'

/** A form's module, as `import()` gives it. */
export interface FormModule<P> {
  default: ComponentType<P>
}

/**
 * The form element the server rendered for a kind, while its code was not
 * there yet (the visitor may have typed in it): VisitorForm starts from
 * what it holds. Null when the form was rendered by the browser.
 */
export type ServerForm = (kind: string) => HTMLFormElement | null

export const ServerFormContext = createContext<ServerForm | null>(null)

// Page-wide: once one form is asked for, every deferred form loads, so that
// none is left without its code when the page changes under it (a post's
// answer re-renders the page: a boundary still waiting then loses its HTML).
let askForForms!: () => void
let wanted = false
const formsWanted = new Promise<void>((resolve) => {
  askForForms = () => {
    wanted = true
    resolve()
  }
})

/** Loads every deferred form of the page now (a form came near, or got the focus or a pointer). */
export function wantForms(): void {
  askForForms()
}

/** The loaders of the deferred forms on screen, with how many of each. */
const shown = new Map<() => Promise<unknown>, number>()

/** A deferred form's component; `loader` fetches its code. */
export type DeferredForm<P> = ComponentType<P> & { readonly loader: () => Promise<unknown> }

/**
 * Loads the code of the deferred forms on screen — all of them, or only
 * those of `staying` — and resolves once it is there (or failed). The app
 * awaits it before it swaps the page: the swap changes the page's context,
 * and a boundary still waiting for its code would then lose its server HTML
 * (React rendered it again, from nothing; kept on Preact, which was not
 * checked without it); with the code there, it hydrates first. A swap to another view unmounts the
 * old view's forms, so only the forms that stay (the footer's sign-up) need
 * their code; an answer on the same page keeps every one.
 */
export function loadDeferredForms(staying?: readonly Pick<DeferredForm<object>, 'loader'>[]): Promise<void> {
  wantForms()
  const loaders = staying ? staying.map((f) => f.loader).filter((l) => shown.has(l)) : [...shown.keys()]
  return Promise.all(loaders.map((fetch) => fetch().catch(() => {}))).then(() => {})
}

/** The latest props of a deferred form, read by its gate; the first ones while it hydrates. */
function propsStore<P>(initial: P) {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    initial: () => initial,
    get: () => current,
    set(next: P) {
      if (next === current) return
      current = next
      listeners.forEach((l) => l())
    },
    subscribe(l: () => void) {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
  }
}
type PropsStore<P> = ReturnType<typeof propsStore<P>>

/**
 * A form component that the server renders whole and the browser loads
 * later. `load` is `() => import('./TheForm')` (a module whose default export
 * is the form). `preloaded` is that module itself: the server bundle and the
 * tests pass it (scripts/deferred.mjs adds it to every such call with a
 * relative import), so they render the form at once.
 *
 * In the browser the server's form stays as it is — a plain HTML form that
 * posts and works — inside a Suspense boundary that hydrates only once the
 * code is there: Preact keeps a boundary's server HTML while its content
 * suspends. The code loads when the form gets the focus or a pointer (a
 * pointer over it, a touch, a click), then the boundary hydrates on the
 * same elements: what the visitor typed, and the focus, stay (VisitorForm
 * starts from the values in the server's form, ServerFormContext). Rendered
 * by the browser (a later page), the form loads at once.
 */
export function deferredForm<P extends object>(load: () => Promise<FormModule<P>>, preloaded?: FormModule<P>): DeferredForm<P> {
  let loaded: ComponentType<P> | undefined = preloaded?.default
  let loading: Promise<ComponentType<P>> | undefined
  let asked: Promise<ComponentType<P>> | undefined
  const fetchForm = () =>
    (loading ??= formsWanted
      .then(load)
      .then((m) => (loaded = m.default))
      .catch((err: unknown) => {
        loading = asked = undefined // the next render asks again
        throw err
      }))
  // What the gate waits for, the same promise every render: the form, or
  // (the chunk failed, offline) never — the server's form stays, posted by the browser itself.
  const ask = () => (asked ??= fetchForm().catch(() => new Promise<never>(() => {})))

  function Gate({ store }: { store: PropsStore<P> }) {
    const props = useSyncExternalStore(store.subscribe, store.get, store.initial)
    const Form = loaded ?? use(ask())
    return <Form {...props} />
  }

  function DeferredForm(props: P) {
    const slot = useRef<HTMLDivElement>(null)
    const [store] = useState(() => propsStore(props))
    useEffect(() => store.set(props))
    const serverForm = useCallback<ServerForm>((kind) => {
      const names = slot.current?.querySelectorAll<HTMLInputElement>('form input[name="form"]') ?? []
      return [...names].find((input) => input.value === kind)?.form ?? null
    }, [])
    // One element for the component's life: a new one would be an update of
    // the boundary while it waits, which React answers by dropping the
    // server's HTML. New props reach the form through the store.
    const boundary = useMemo(
      () => (
        <ServerFormContext.Provider value={serverForm}>
          <Suspense fallback={null}>
            <Gate store={store} />
          </Suspense>
        </ServerFormContext.Provider>
      ),
      [serverForm, store],
    )

    useEffect(() => {
      shown.set(fetchForm, (shown.get(fetchForm) ?? 0) + 1)
      const gone = () => {
        const n = (shown.get(fetchForm) ?? 1) - 1
        if (n > 0) shown.set(fetchForm, n)
        else shown.delete(fetchForm)
      }
      const box = slot.current
      if (loaded || wanted || !box) return gone
      // The server's form, kept while its boundary waits: without it the browser rendered the form, and nothing shows until the code is there.
      const fromServer = box.hasChildNodes()
      // Rendered by the browser, a disclosure the visitor opened before this
      // code ran (its form renders only once its code is there), or a form
      // the visitor is already in (its focus came before these listeners).
      if (!fromServer || box.querySelector('details[open]') || box.contains(document.activeElement)) {
        wantForms()
        return gone
      }
      // On the window, capturing: the server's form has no listener of its own
      // until it hydrates, and nothing of the page may stop these first.
      const turn = (e: Event) => e.target instanceof Node && box.contains(e.target) && wantForms()
      const events = ['focusin', 'pointerdown', 'pointerover'] as const
      events.forEach((e) => window.addEventListener(e, turn, { capture: true, passive: true }))
      let stopped = false
      const stop = () => {
        if (stopped) return
        stopped = true
        events.forEach((e) => window.removeEventListener(e, turn, { capture: true }))
      }
      void formsWanted.then(stop)
      return () => {
        stop()
        gone()
      }
    }, [])

    return (
      <div ref={slot} className="deferred-form">
        {/* Its ids numbered inside it: the form renders later in the browser than on the server. */}
        <OwnIds>{boundary}</OwnIds>
      </div>
    )
  }
  return Object.assign(DeferredForm, { loader: fetchForm })
}
