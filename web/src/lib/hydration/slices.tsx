// Hydration in slices (issue #34, docs/ARCHITECTURE.md "The phone's main thread"). Preact hydrates a page
// in one go, in one task: ~60–80 ms of a mid-range phone's main thread for a list or a property page (four
// times that with Lighthouse's slowdown), during which a tap waits. A Slice is a part of the page whose
// hydration may wait for the next task: when the current task has spent its share, the part suspends —
// Preact keeps its server HTML, which still works as the server's (links navigate, forms post) — and
// hydrates in a later task, on the same elements. The browser paints and handles input between two.
import { options } from 'preact'
import { Suspense, type ReactNode } from 'react'
import { OwnIds } from './ids'
import { logPart, logTask } from './benchLog'

/**
 * A task's share of hydration, in milliseconds of the page's own clock (a slowed phone's too): Lighthouse
 * runs the page at full speed and counts each task four times, and the part that crosses the share
 * finishes in the same task — with 10 a task measured 13–23 ms on a quiet host (52–93 counted), with 5
 * (React's scheduler yields every 5 ms too) 12–15 (50–58).
 */
export const SLICE_MS = 5

let hydrating = false
let deadline = 0
/** Whether a part hydrated in this task's share: the first of a later task always does, so each makes progress. */
let started = false
let nextTask: Promise<void> | null = null
let finish: ((tasks: number) => void) | null = null
/** The tasks this hydration has taken so far. */
let tasks = 0
let now = () => performance.now()
/** The elements hydrated in each task of the current (or last) hydration: its work, as the browser tests bound it. */
let work: number[] = []

/**
 * Counts the elements each task hydrates: the runtime calls diffed once per rendered vnode. Hooked in only
 * while a hydration runs, so the server's renders and later updates pay nothing for it.
 */
let unhook: (() => void) | null = null

function countWork() {
  const diffed = options.diffed
  const counting: typeof options.diffed = (vnode) => {
    if (typeof vnode.type === 'string') work[tasks - 1] = (work[tasks - 1] ?? 0) + 1
    diffed?.(vnode)
  }
  options.diffed = counting
  unhook = () => {
    // Put back only if still ours: a hook added meanwhile keeps its chain.
    if (options.diffed === counting) options.diffed = diffed
    unhook = null
  }
}

/** The next task's promise: the parts over the share wait for it; it opens a new share. */
function later(): Promise<void> {
  return (nextTask ??= new Promise<void>((resolve) => {
    setTimeout(() => {
      nextTask = null
      deadline = now() + SLICE_MS
      started = false
      tasks++
      if (import.meta.env.VITE_SLICE_LOG === '1') logTask(tasks)
      resolve()
      // The parts it released render in this task's microtasks; after them, none waiting means done.
      setTimeout(settle, 0)
    }, 0)
  }))
}

function settle() {
  if (!hydrating || nextTask) return
  end()
}

function end() {
  hydrating = false
  unhook?.()
  finish?.(tasks)
  finish = null
}

/**
 * Hydrates the page with hydrate (which hydrates the root, synchronously): in this task what no Slice holds,
 * the Slices in later tasks, a share each; resolves once every part is hydrated, with the number of tasks it took.
 */
export function hydrateInSlices(hydrate: () => void): Promise<number> {
  hydrating = true
  // The first task hydrates what no Slice holds, no Slice: it also runs the app's start.
  deadline = -Infinity
  started = true
  tasks = 1
  work = [0]
  if (!unhook) countWork()
  const done = new Promise<number>((resolve) => (finish = resolve))
  hydrate()
  settle()
  return done
}

/**
 * Ends the page's hydration in slices now: the parts still waiting hydrate when their task comes, without
 * waiting for another. The app calls it before it swaps in another page, whose parts render at once.
 */
export function endSlicing(): void {
  if (hydrating) end()
}

function Gate({ children }: { children: ReactNode }) {
  if (hydrating) {
    if (started && now() > deadline) throw later()
    started = true
    if (import.meta.env.VITE_SLICE_LOG === '1') logPart(children)
  }
  return children
}

/**
 * A part of the page that may hydrate in a later task. Its children must render one element, always
 * (Preact keeps a suspended part's first node only: one rendered nothing would take its neighbour's),
 * and take their ids from useElementId (ids.tsx), numbered inside the part. Outside hydration (the
 * server, a later page) it renders at once.
 */
export function Slice({ children }: { children: ReactNode }) {
  return (
    <OwnIds>
      <Suspense fallback={null}>
        <Gate>{children}</Gate>
      </Suspense>
    </OwnIds>
  )
}

/** Whether the page is hydrating now (its first task or a later slice's): lib/hydration/Static keeps the server's parts then. */
export function isHydrating(): boolean {
  return hydrating
}

/** The elements the last hydration hydrated in each of its tasks (the first: the page's skeleton). */
export function hydrationWork(): number[] {
  return Array.from(work, (n) => n ?? 0) // a task that hydrated no element left a hole
}

/** Tests: the clock the shares are measured with. */
export function setSliceClock(clock: () => number): void {
  now = clock
}
