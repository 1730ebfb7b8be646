// Number formatting without Intl: QuickJS (the server renderer) has none,
// so server and browser run this same code and hydration matches. The
// rules are Go's (internal/domain/rules); vectors.json holds outputs computed by
// the Go functions, and format.test.ts checks these give the same.

/**
 * Digits of |v| rounded to the cent, as Go's strconv.FormatFloat(|v|, 'f', 2, 64):
 * correctly rounded from the exact binary value, ties to even, never an exponent.
 */
function fixed2(abs: number): [whole: string, cents: string] {
  if (abs >= 1e21) return [BigInt(abs).toString(), '00'] // integral; toFixed would switch to an exponent
  // Exact ties at the half cent are the values with an odd number of eighths
  // (x.125, x.375, x.625, x.875): toFixed rounds them up, Go to even.
  const eighths = abs * 8
  if (abs < 2 ** 49 && Number.isInteger(eighths) && eighths % 2 === 1) {
    const whole = Math.floor(abs)
    return [String(whole), ({ 1: '12', 3: '38', 5: '62', 7: '88' } as Record<number, string>)[eighths - whole * 8]]
  }
  const [whole, cents] = abs.toFixed(2).split('.')
  return [whole, cents]
}

/** Groups the digits of a whole number by three with dots: "1234567" → "1.234.567". */
export function groupThousands(whole: string, sep = '.'): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep)
}

/**
 * An amount in Belgian Dutch style with a euro prefix: "€ 250.000",
 * "€ 1.234,50", "€ -1.500". Cents only when there are any after rounding;
 * NaN and ±Infinity give "NaN" (rules.FormatAmount).
 */
export function formatAmount(v: number): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'NaN'
  const [whole, cents] = fixed2(Math.abs(v))
  const sign = v < 0 && !(whole === '0' && cents === '00') ? '-' : ''
  return '€ ' + sign + groupThousands(whole) + (cents !== '00' ? ',' + cents : '')
}

/**
 * A plain number in the same style, at most `decimals` decimals, trailing
 * zeros dropped: 1134 → "1.134", 8.4 → "8,4".
 */
export function formatNumber(v: number, decimals = 2): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'NaN'
  const [whole, frac = ''] = Math.abs(v).toFixed(decimals).split('.')
  const f = frac.replace(/0+$/, '')
  const sign = v < 0 && (whole !== '0' || f !== '') ? '-' : ''
  return sign + groupThousands(whole) + (f ? ',' + f : '')
}

/** A surface: "120 m²", "1.134 m²", "8,5 m²". */
export function formatSurface(v: number): string {
  return `${formatNumber(v, 1)} m²`
}

/** A length in metres: "8,4 m". */
export function formatMetres(v: number): string {
  return `${formatNumber(v, 1)} m`
}

/** A distance: "460 m", "4,2 km". */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${formatNumber(Math.round(metres), 0)} m` : `${formatNumber(metres / 1000, 1)} km`
}

/**
 * An ISO date (YYYY-MM-DD…) as lang writes it: DD/MM/YYYY, German
 * DD.MM.YYYY (as the mails do, notify's dateLayout); other text unchanged.
 */
export function formatDate(iso: string, lang?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!m) return iso
  return lang === 'de' ? `${m[3]}.${m[2]}.${m[1]}` : `${m[3]}/${m[2]}/${m[1]}`
}
