import { describe, expect, it } from 'vitest'
import { i18nFor, LANGUAGES, namespaces, tFor } from './i18n'

/** Every "namespace.key" of the translations, leaves only. */
function keys(): string[] {
  const out: string[] = []
  const walk = (prefix: string, node: unknown) => {
    if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(`${prefix}.${k}`, v)
    else out.push(prefix)
  }
  const fr = i18nFor('fr').store.data.fr as Record<string, unknown>
  for (const ns of namespaces()) walk(ns, fr[ns])
  return out
}

describe('tFor', () => {
  it("gives every text as i18next's t does, in every language (its plain texts read without i18next)", () => {
    const all = keys()
    expect(all.length).toBeGreaterThan(500)
    for (const lang of LANGUAGES) {
      const t = tFor(lang)
      const inst = i18nFor(lang)
      for (const key of all) expect(t(key), `${lang} ${key}`).toBe(String(inst.t(key)))
    }
  })
})
