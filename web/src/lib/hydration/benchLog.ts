import type { ReactNode } from 'react'

/**
 * A bench build's log (`VITE_SLICE_LOG=1`, bench/hydration): the parts each task hydrated, by name, in
 * `window.immoSliceLog`, and a CPU profile (`console.profile`) of the task in which the part named by
 * `window.immoProfilePart` hydrates. The condition is written where it is used: every other build folds it to
 * false and drops the log.
 */
type SliceLog = { task: number; t: number; parts: string[] }[]
type LogWindow = Window & { immoSliceLog?: SliceLog; immoProfilePart?: string; immoProfiling?: boolean }

export function logTask(task: number) {
  const w = window as LogWindow
  ;(w.immoSliceLog ??= []).push({ task, t: Math.round(performance.now()), parts: [] })
  if (w.immoProfiling) {
    console.profileEnd('part')
    w.immoProfiling = false
  }
}

export function logPart(children: ReactNode) {
  const w = window as LogWindow
  const el = children as { type?: string | { displayName?: string; name?: string }; props?: { className?: string } } | null
  const type = el?.type
  const name = typeof type === 'string' ? `${type}.${el?.props?.className ?? ''}` : (type?.displayName ?? type?.name ?? '?')
  w.immoSliceLog?.at(-1)?.parts.push(name)
  if (name === w.immoProfilePart && !w.immoProfiling) {
    w.immoProfiling = true
    console.profile('part')
  }
}
