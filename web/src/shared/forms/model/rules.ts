// The checks of Go's package field and lead.Validate, one by one, so the
// browser refuses what the server would refuse, with the same key. The
// generated vectors (src/gen/forms.vectors.json: Go's answers on sample
// values) keep the two equal: see rules.test.ts.

import { parseWhole } from './whole'

const blank = /^[\s\p{Cf}\p{Variation_Selector}\u115F\u1160\u2800\u3164\uFFA0]$/u
/** The combining marks that show nothing (in a class of a regular
 * expression they would join the character before). */
const blankMarks = ['\u034F', '\u17B4', '\u17B5']

/** SPEC §5 counts a blank value as empty, characters that show nothing
 * (format characters, variation selectors, fillers) as blank too
 * (field.Empty). */
export const isEmpty = (s: string) => [...s].every((c) => blank.test(c) || blankMarks.includes(c))

/** Characters as Go counts them (code points, utf8.RuneCountInString). */
export const runeCount = (s: string) => [...s].length

export const utf8Length = (s: string) => new TextEncoder().encode(s).length

// RFC 5322 atext as Go's net/mail reads it: visible ASCII but the specials,
// and any non-ASCII character.
const atom = String.raw`[A-Za-z0-9!#$%&'*+\-/=?^_\x60{|}~\u0080-\uFFFF]+`
const dotAtom = `${atom}(?:\\.${atom})*`
// A domain may be an IPv4 literal, [192.0.2.1] (no leading zeros, as net.ParseIP).
const octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])'
const ipv4 = `\\[${octet}(?:\\.${octet}){3}\\]`
const addrSpec = new RegExp(`^${dotAtom}@(?:${dotAtom}|${ipv4})$`, 'u')

/** field.ValidEmail: one bare address with a dotted domain. */
export function validEmail(s: string): boolean {
  if (utf8Length(s) > 254 || /[ \t\r\n<>,;"]/.test(s) || !addrSpec.test(s)) return false
  const domain = s.slice(s.lastIndexOf('@') + 1)
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.')
}

/** field.ValidPhone: an optional +, digits and " ./-()", 8 to 15 digits. */
export function validPhone(s: string): boolean {
  s = s.trim()
  if (s.startsWith('+')) s = s.slice(1)
  let digits = 0
  for (const c of s) {
    if (c >= '0' && c <= '9') digits++
    else if (!' ./-()'.includes(c)) return false
  }
  return digits >= 8 && digits <= 15
}

/** A whole number from 0 to 999 999 999, as lead's Number fields accept. */
export { parseWhole }

export function validNumber(s: string): boolean {
  const n = parseWhole(s)
  return n !== null && n >= 0 && n < 1e9
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

function validDay(y: string, m: string, d: string): boolean {
  const month = Number(m)
  const day = Number(d)
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(Number(y), month)
}

/** YYYY-MM-DD, a real day (Go's time.DateOnly). */
export function validDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  return !!m && validDay(m[1], m[2], m[3])
}

/** An RFC 3339 time (Go's time.RFC3339, fractions of seconds allowed). */
export function validTime(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(s)
  if (!m || !validDay(m[1], m[2], m[3])) return false
  const [h, min, sec, zh, zm] = [m[4], m[5], m[6], m[7] ?? '0', m[8] ?? '0'].map(Number)
  return h < 24 && min < 60 && sec < 60 && zh < 24 && zm < 60
}

/** field.ValidURL: an http(s) address with a dotted ASCII host name, no user@, no spaces or <>"`\{}|^. */
export function validURL(s: string): boolean {
  const m = /^https?:\/\//i.exec(s)
  if (!m) return false
  for (const c of s) {
    const n = c.codePointAt(0)!
    if (n <= 0x20 || (n >= 0x7f && n <= 0x9f) || '<>"`\\{}|^'.includes(c)) return false
  }
  const rest = s.slice(m[0].length)
  let host = rest.split(/[/?#]/, 1)[0]
  const colon = host.indexOf(':')
  if (colon >= 0) {
    const port = host.slice(colon + 1)
    if (!/^[0-9]{1,5}$/.test(port)) return false
    host = host.slice(0, colon)
  }
  const labels = host.split('.')
  if (host.length > 253 || labels.length < 2) return false
  if (!labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l))) return false
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1])
}

/**
 * Text a person typed (Go's field.IsPlain): no control characters (C0, DEL,
 * C1) but tabs, and line breaks in a free text (multiline); no direction
 * overrides, no line or paragraph separators.
 */
export function isPlain(s: string, multiline: boolean): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (c === 0x09 || (multiline && (c === 0x0a || c === 0x0d))) continue
    if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0) || c === 0x2028 || c === 0x2029) return false
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return false // direction overrides
  }
  return true
}

/** A list field's values joined by commas (lead.List): each one of options, or without options a short token; at most max. */
export function validList(s: string, options: readonly string[] | undefined, max: number): boolean {
  const items = s.split(',')
  if (items.length > max) return false
  return items.every((it) => (options && options.length > 0 ? options.includes(it) : /^[A-Za-z0-9_-]{1,40}$/.test(it)))
}
