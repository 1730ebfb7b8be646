// Translations: the bundled JSON files of internal/domain/i18n/locales (the same files Go embeds). Keys
// are "namespace.key", t('list.pageOf', {page, pages}), with {{x}} interpolation, as i18n.Tf does in Go.
//
// Read here, not through i18next: its pipeline (resolve, extend, interpolate, nest) cost ~0.1 ms a key on
// a phone and a property page asks a few hundred, and the library was a fifth of the app's first-view
// JavaScript (issue #34). What the files use is small — a namespace and a key path, the fallback to French
// then English, {{name}} values — and i18n.test.ts checks every key in every language, with and without
// values, against i18next's t with the options the app had: a text needing more (a {{x, format}}, a
// $t(nesting), a plural) would fail it.
//
// Pick singular/plural keys with plural() below; pass numbers under other names ({{total}}).
//
// The translations are registered with addLocale: all of them at once in the server bundle and the tests
// (./all.ts), the page's language only in the browser (./load.ts), before rendering.

export type Lang = 'nl' | 'fr' | 'en' | 'de'

/** The product's languages, in menu order. */
export const LANGUAGES: readonly Lang[] = ['nl', 'fr', 'en', 'de']

/** Go's i18n.T falls back to fr, then en. */
export const FALLBACK: readonly Lang[] = ['fr', 'en']

/** One language's translations: namespace → tree. */
export type Locale = Record<string, Record<string, unknown>>

const resources: Partial<Record<Lang, Locale>> = {}
const ts = new Map<Lang, TFn>()

/** Registers lang's translations (again: replaces them). */
export function addLocale(lang: Lang, locale: Locale): void {
  resources[lang] = locale
  // Made again on next use: a fallback may now be found.
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

/** The text at "namespace.key.path" in one language's files, if it is one. */
function textAt(locale: Locale | undefined, key: string): string | undefined {
  const dot = key.indexOf('.')
  let node: unknown = dot > 0 ? locale?.[key.slice(0, dot)] : undefined
  for (const part of key.slice(dot + 1).split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g

/**
 * key's text in lang, else in French, else in English, with values put in its {{name}}s (a name without a
 * value stays as written; without values nothing is replaced). A missing key is itself, without its
 * namespace when that one exists: a visible slip, not a crash.
 */
function lookup(lang: Lang, key: string, values?: Record<string, string | number>): string {
  let text = textAt(resources[lang], key)
  for (let i = 0; text === undefined && i < FALLBACK.length; i++) text = textAt(resources[FALLBACK[i]], key)
  if (text === undefined) {
    const dot = key.indexOf('.')
    return dot > 0 && namespaces().includes(key.slice(0, dot)) ? key.slice(dot + 1) : key
  }
  if (!values) return text
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const v = values[name.trim()]
    return v === undefined ? whole : String(v)
  })
}

/** Translates key in a language, with {{name}} values. */
export type TFn = (key: string, values?: Record<string, string | number>) => string

/** Distinct translations kept per language; the cache starts over beyond. */
const MEMO_LIMIT = 5000

/**
 * The t function of lang, memoised: translations never change once loaded, and a page asks a few
 * hundred, many the same (every card's labels). Components get it with useT().
 */
export function tFor(lang: Lang): TFn {
  let fn = ts.get(lang)
  if (!fn) {
    const memo = new Map<string, string>()
    fn = (key, values) => {
      const k = values ? `${key}\u0000${JSON.stringify(values)}` : key
      let s = memo.get(k)
      if (s === undefined) {
        s = lookup(lang, key, values)
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
