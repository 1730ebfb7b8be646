// Number formatting without Intl: QuickJS (the server renderer) has none,
// so server and browser must use the same code to produce the same HTML.

export type Lang = 'nl' | 'fr' | 'en' | 'de'

const GROUP: Record<Lang, string> = { nl: '.', fr: '\u202f', en: ',', de: '.' }
const DECIMAL: Record<Lang, string> = { nl: ',', fr: ',', en: '.', de: ',' }

/** Formats an integer or fixed-decimal number with the language's separators. */
export function formatNumber(value: number, lang: Lang, decimals = 0): string {
  const negative = value < 0
  const [int, frac] = Math.abs(value).toFixed(decimals).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[lang])
  return (negative ? '-' : '') + grouped + (frac ? DECIMAL[lang] + frac : '')
}

/** A euro price, whole euros: nl "€ 350.000", fr "350 000 €", en "€350,000", de "350.000 €". */
export function formatPrice(value: number, lang: Lang): string {
  const n = formatNumber(Math.round(value), lang)
  switch (lang) {
    case 'nl': return `€ ${n}`
    case 'en': return `€${n}`
    default: return `${n}\u00a0€`
  }
}
