import { createInstance, type i18n as I18n } from 'i18next'
import locales from 'virtual:immo-locales'
import { describe, expect, it } from 'vitest'
import { addLocale, elideDe, FALLBACK, LANGUAGES, namespaces, tFor, type Lang } from './i18n'

/**
 * i18next as the app configured it before reading the files itself (i18n.ts): the reference its t must
 * still match, text for text.
 */
function i18next(lang: Lang): I18n {
  const inst = createInstance()
  void inst.init({
    resources: locales,
    lng: lang,
    fallbackLng: [...FALLBACK],
    supportedLngs: [...LANGUAGES],
    ns: namespaces(),
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  return inst
}

/** Every "namespace.key" of the translations (French: the fallback holds them all), leaves only. */
function keys(): string[] {
  const out: string[] = []
  const walk = (prefix: string, node: unknown) => {
    if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(`${prefix}.${k}`, v)
    else out.push(prefix)
  }
  const fr = locales.fr as Record<string, unknown>
  for (const ns of namespaces()) walk(ns, fr[ns])
  return out
}

/** The {{names}} a key's text has in any language, as the files write it. */
function placeholders(key: string): string[] {
  const names = new Set<string>()
  for (const lang of LANGUAGES) {
    let node: unknown = locales[lang]
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
    for (const m of String(node ?? '').matchAll(/\{\{(.+?)\}\}/g)) names.add(m[1].trim())
  }
  return [...names]
}

describe('tFor', () => {
  const all = keys()
  const refs = Object.fromEntries(LANGUAGES.map((lang) => [lang, i18next(lang)])) as Record<Lang, I18n>

  it("gives every text as i18next's t does, in every language", () => {
    expect(all.length).toBeGreaterThan(500)
    for (const lang of LANGUAGES) {
      const t = tFor(lang)
      for (const key of all) expect(t(key), `${lang} ${key}`).toBe(String(refs[lang].t(key)))
    }
  })

  it("puts values in as i18next's t does: every {{name}}, numbers, a name without a value left as written", () => {
    let checked = 0
    for (const key of all) {
      const names = placeholders(key)
      if (!names.length) continue
      // Every value; numbers; all but the first (it stays as written); characters a replacement could read as patterns.
      const sets = [
        Object.fromEntries(names.map((n, i) => [n, `Anne ${i}`])),
        Object.fromEntries(names.map((n, i) => [n, i + 2])),
        Object.fromEntries(names.slice(1).map((n) => [n, 'x'])),
        Object.fromEntries(names.map((n) => [n, "$& $1 {{b}} <i>l'été</i>"])),
      ]
      for (const lang of LANGUAGES) {
        const t = tFor(lang)
        for (const values of sets) {
          // French elides "de" before a vowel where a value went in (elideDe), as Go does; i18next does not.
          const ref = String(refs[lang].t(key, values))
          expect(t(key, values), `${lang} ${key} ${JSON.stringify(values)}`).toBe(lang === 'fr' ? elideDe(ref, values) : ref)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(400)
  })

  it('falls back to French, then English, and gives a missing key itself', () => {
    const de = structuredClone(locales.de) as Record<string, Record<string, unknown>>
    const fr = structuredClone(locales.fr) as Record<string, Record<string, unknown>>
    delete de.common.yes
    delete de.common.no
    delete fr.common.no
    const ref = createInstance()
    void ref.init({ ...refs.de.options, resources: { ...locales, de, fr } })
    try {
      addLocale('de', de)
      addLocale('fr', fr)
      const t = tFor('de')
      expect(t('common.yes')).toBe(String(locales.fr.common.yes))
      expect(t('common.no')).toBe(String(locales.en.common.no))
      for (const key of ['common.yes', 'common.no', 'list.nope', 'nope.missing', 'common']) expect(t(key), key).toBe(String(ref.t(key)))
    } finally {
      addLocale('de', locales.de)
      addLocale('fr', locales.fr)
    }
  })
})
