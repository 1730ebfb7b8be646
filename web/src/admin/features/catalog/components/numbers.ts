/**
 * Singular or plural, as web/src/lib/i18n's plural(): French counts 0 and 1 as singular, the other languages only 1
 * (no Intl.PluralRules: the server's renderer lacks it).
 */
export function plural(lang: string, n: number): 'one' | 'other' {
  return n === 1 || (lang === 'fr' && n === 0) ? 'one' : 'other'
}

/** n with one decimal, its separator the language's (a comma but in English). */
export function decimal(lang: string, n: number): string {
  const s = n.toFixed(1)
  return lang === 'en' ? s : s.replace('.', ',')
}
