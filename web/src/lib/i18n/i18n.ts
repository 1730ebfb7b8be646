// Translations: i18next with the bundled JSON files of internal/domain/i18n/locales
// (the same files Go embeds). Keys are "namespace.key", t('list.pageOf',
// {page, pages}), with {{x}} interpolation, as i18n.Tf does in Go.
//
// QuickJS has no Intl: i18next only reaches for Intl.PluralRules when a
// `count` option is given, and for Intl formatters with `{{x, number}}`.
// Neither is used here: pass numbers under other names ({{total}}) and pick
// singular/plural keys with plural() below.
//
// The translations are registered with addLocale: all of them at once in the
// server bundle and the tests (./all.ts), the page's language only in the
// browser (./load.ts), before rendering.
import { createInstance, type i18n as I18n } from 'i18next'

export type Lang = 'nl' | 'fr' | 'en' | 'de'

/** The product's languages, in menu order. */
export const LANGUAGES: readonly Lang[] = ['nl', 'fr', 'en', 'de']

/** Go's i18n.T falls back to fr, then en. */
const FALLBACK: Lang[] = ['fr', 'en']

/** One language's translations: namespace → tree. */
export type Locale = Record<string, Record<string, unknown>>

const resources: Partial<Record<Lang, Locale>> = {}
const instances = new Map<Lang, I18n>()
const ts = new Map<Lang, TFn>()

/** Registers lang's translations (again: replaces them). */
export function addLocale(lang: Lang, locale: Locale): void {
  resources[lang] = locale
  // Made again on next use, with every loaded language.
  instances.clear()
  ts.clear()
}

export function hasLocale(lang: Lang): boolean {
  return !!resources[lang]
}

/** The namespaces: the file names, the same in every language. */
export function namespaces(): string[] {
  const any = resources.fr ?? Object.values(resources)[0]
  return any ? Object.keys(any) : []
}

export function isLang(s: unknown): s is Lang {
  return typeof s === 'string' && (LANGUAGES as readonly string[]).includes(s)
}

/**
 * The i18next instance of lang, created on first use and kept: the server
 * renders many pages per engine, each in its own language, without any
 * shared changeLanguage state.
 */
export function i18nFor(lang: Lang): I18n {
  let inst = instances.get(lang)
  if (!inst) {
    inst = createInstance()
    const loaded: Record<string, Locale> = {}
    for (const [l, data] of Object.entries(resources)) loaded[l] = data
    void inst.init({
      resources: loaded,
      lng: lang,
      fallbackLng: FALLBACK,
      supportedLngs: [...LANGUAGES],
      ns: namespaces(),
      defaultNS: 'common',
      // t('list.pageOf') is namespace "list", key "pageOf", like Go's "list.pageOf".
      nsSeparator: '.',
      keySeparator: '.',
      initAsync: false, // QuickJS has no timers; the resources are here already
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      react: { useSuspense: false },
    })
    instances.set(lang, inst)
  }
  return inst
}

/**
 * lang's own text for "namespace.key" when it is plain (no {{value}}, no $t() nesting): what i18next's t
 * gives for it, without its pipeline (resolve, extend, interpolate, nest), which costs ~0.1 ms a key on a
 * phone — a property page's first render asks a few hundred (issue #34). Anything else: undefined.
 */
function plainText(lang: Lang, key: string): string | undefined {
  const dot = key.indexOf('.')
  let node: unknown = dot > 0 ? resources[lang]?.[key.slice(0, dot)] : undefined
  for (const part of key.slice(dot + 1).split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' && node !== '' && !node.includes('{{') && !node.includes('$t(') ? node : undefined
}

/** Translates key in a language, with {{name}} values. */
export type TFn = (key: string, values?: Record<string, string | number>) => string

/** Distinct translations kept per language; the cache starts over beyond. */
const MEMO_LIMIT = 5000

/**
 * The t function of lang, memoised: translations never change once loaded,
 * and an i18next t call is slow in QuickJS (react-i18next's useTranslation
 * even more so: it copies the instance and spreads its options on every
 * call), while a page makes a few hundred. Components get it with useT().
 */
export function tFor(lang: Lang): TFn {
  let fn = ts.get(lang)
  if (!fn) {
    const inst = i18nFor(lang)
    const memo = new Map<string, string>()
    fn = (key, values) => {
      const k = values ? `${key}\u0000${JSON.stringify(values)}` : key
      let s = memo.get(k)
      if (s === undefined) {
        s = (values ? undefined : plainText(lang, key)) ?? String(inst.t(key, values))
        if (lang === 'fr' && values) s = elideDe(s, values)
        if (memo.size >= MEMO_LIMIT) memo.clear()
        memo.set(k, s)
      }
      return s
    }
    ts.set(lang, fn)
  }
  return fn
}

const VOWEL = /^[aeiouyàâäéèêëîïôöùûü]/i

/**
 * French elision before an inserted name: "la newsletter de Immo Arlon" is
 * "la newsletter d'Immo Arlon", "Site web de Anne" "Site web d'Anne". Only
 * where a value was inserted (Go's i18n.Tf does the same).
 */
export function elideDe(s: string, values: Record<string, string | number>): string {
  for (const v of Object.values(values)) {
    const value = String(v)
    if (!VOWEL.test(value)) continue
    s = s.split(`de ${value}`).join(`d'${value}`).split(`De ${value}`).join(`D'${value}`)
  }
  return s
}

/** t outside React (formatters). */
export function translate(lang: Lang, key: string, values?: Record<string, string | number>): string {
  return tFor(lang)(key, values)
}

/**
 * Singular or plural, without Intl.PluralRules: French counts 0 and 1 as
 * singular, Dutch, English and German only 1. Use it to choose between two
 * keys, e.g. t(plural(lang, n) === 'one' ? 'list.countOne' : 'list.countOther', {total: n}).
 */
export function plural(lang: Lang, n: number): 'one' | 'other' {
  if (lang === 'fr') return n === 0 || n === 1 ? 'one' : 'other'
  return n === 1 ? 'one' : 'other'
}
