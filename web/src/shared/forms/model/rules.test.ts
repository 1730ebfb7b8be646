// The browser's checks against Go's: the vectors are what lead.Decode +
// Validate answered for each value (TestGeneratedForms writes them).
import { describe, expect, it } from 'vitest'
import vectors from '../../../gen/forms.vectors.json'
import type { FieldSpec } from '../../../gen/forms'
import { fieldSchema } from './schema'
import { isPlain } from './rules'

type Vector = { kind: string; field: FieldSpec; cases: [string, string][]; lengths: [number, string][] }

function keyOf(f: FieldSpec, value: string): string {
  const r = fieldSchema(f).safeParse(value)
  return r.success ? '' : r.error.issues[0].message
}

describe('the form rules answer as Go does', () => {
  for (const v of vectors as Vector[]) {
    it(`${v.kind} ${v.field.name}`, () => {
      for (const [value, key] of v.cases) expect(keyOf(v.field, value), JSON.stringify(value)).toBe(key)
      for (const [n, key] of v.lengths) expect(keyOf(v.field, 'é'.repeat(n)), `${n} characters`).toBe(key)
    })
  }

  it('leaves a field the form does not hold to the server', () => {
    expect(fieldSchema({ name: 'email', type: 'email', required: true, trim: true }).safeParse(undefined).success).toBe(true)
  })
})

describe('isPlain', () => {
  it('refuses what Go refuses: control characters, direction overrides, line separators', () => {
    expect(isPlain('Anne-Sophie Müller', false)).toBe(true)
    expect(isPlain('a\nb', true)).toBe(true)
    expect(isPlain('a\nb', false)).toBe(false)
    expect(isPlain('a\u0000b', true)).toBe(false)
    expect(isPlain('admin\u202egnp.exe', false)).toBe(false)
    expect(isPlain('a\u2028b', true)).toBe(false)
  })
})
