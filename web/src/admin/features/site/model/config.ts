// The draft as the editor holds it: the configuration's JSON, walked by the
// schema the server draws from its Go types (site.ConfigSchema). Paths are
// written as the server's problems name them: "pages[2].params.title.nl".
import type { Schema, SchemaField } from '../../../../gen/admin'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Obj = { [key: string]: Json }
export type Step = string | number

/** A path's steps as the server writes it. */
export function pathOf(steps: Step[]): string {
  return steps.reduce<string>((s, step) => (typeof step === 'number' ? `${s}[${step}]` : s ? `${s}.${step}` : step), '')
}

/** The value at steps in v (undefined when missing). */
export function getAt(v: Json | undefined, steps: Step[]): Json | undefined {
  let cur = v
  for (const step of steps) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, Json>)[step as never]
  }
  return cur
}

/** v with the value at steps replaced by value (undefined: removed), every object on the way copied, its keys' order kept. */
export function setAt(v: Json, steps: Step[], value: Json | undefined): Json {
  if (steps.length === 0) return value ?? null
  const [step, ...rest] = steps
  if (typeof step === 'number') {
    const list = Array.isArray(v) ? [...v] : []
    const next = setAt(list[step] ?? null, rest, value)
    if (value === undefined && rest.length === 0) list.splice(step, 1)
    else list[step] = next
    return list
  }
  const obj: Obj = v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v } : {}
  if (value === undefined && rest.length === 0) {
    delete obj[step]
    return obj
  }
  obj[step] = setAt(obj[step] ?? null, rest, value)
  return obj
}

/** A list with its item at i moved by delta (−1 up, +1 down). */
export function moved<T>(list: T[], i: number, delta: number): T[] {
  const j = i + delta
  if (j < 0 || j >= list.length) return list
  const out = [...list]
  ;[out[i], out[j]] = [out[j], out[i]]
  return out
}

/** The value a new field of this kind starts with: empty, as the rules read a missing one. */
export function emptyOf(schema: Schema, f: Pick<SchemaField, 'kind' | 'type' | 'options'>): Json {
  switch (f.kind) {
    case 'string': return f.options?.[0] ?? ''
    case 'number': return 0
    case 'bool': return false
    case 'text': case 'html': case 'langs': return {}
    case 'list': return []
    case 'json': return null
    case 'object': return blank(schema, f.type ?? '')
  }
  return null
}

/** A new item of struct type name: every field empty, optional ones left out. */
export function blank(schema: Schema, name: string, seen: string[] = []): Obj {
  const out: Obj = {}
  if (seen.includes(name)) return out
  for (const f of schema.types?.[name] ?? []) {
    if (f.optional) continue
    out[f.key] = f.kind === 'object' ? blank(schema, f.type ?? '', [...seen, name]) : emptyOf(schema, f)
  }
  return out
}

/** The problems at path or under it, as the field drawn there shows them. */
export function under<P extends { path: string }>(problems: P[], path: string): P[] {
  return problems.filter((p) => p.path === path || p.path.startsWith(path + '.') || p.path.startsWith(path + '['))
}

/**
 * The path of the first text of the draft, in lang, that reads as shown (a part of the preview the editor clicked):
 * every string of v under a language key, compared without spaces' differences; "" when none.
 */
export function findText(v: Json, lang: string, shown: string): string {
  const want = squeeze(shown)
  if (want.length < 2) return ''
  let found = ''
  const walk = (x: Json, steps: Step[]) => {
    if (found || x === null || typeof x !== 'object') return
    if (Array.isArray(x)) {
      x.forEach((e, i) => walk(e, [...steps, i]))
      return
    }
    const s = x[lang]
    if (typeof s === 'string' && squeeze(stripTags(s)) === want) {
      found = pathOf([...steps, lang])
      return
    }
    for (const [k, e] of Object.entries(x)) walk(e, [...steps, k])
  }
  walk(v, [])
  return found
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()
const stripTags = (s: string) => s.replace(/<[^>]*>/g, ' ')
