// A whole number as people write it, alone in its module: the property page's
// offer reads one without the forms' rules in its first load.

/**
 * A whole number as people write one (field.Whole, its twin): digits,
 * optionally grouped by threes with a dot, a space or an apostrophe
 * ("250.000", as the site writes a price), a euro sign before or after, a
 * sign first; null for anything else.
 */
export function parseWhole(s: string): number | null {
  let t = s.trim()
  if (t.startsWith('€')) t = t.slice(1).trim()
  if (t.endsWith('€')) t = t.slice(0, -1).trim()
  const m = /^([+-]?)(\d+|\d{1,3}([. \u00a0\u202f'])\d{3}(?:\3\d{3})*)$/.exec(t)
  const n = m ? Number(m[1] + m[2].replace(/\D/g, '')) : NaN
  return Number.isSafeInteger(n) ? n : null
}
