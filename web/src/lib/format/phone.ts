/**
 * Groups a Belgian national number (rules.FormatPhone): 10 digits as 4-2-2-2
 * ("0472 12 34 56"), 9 digits as 3-2-2-2 ("063 22 33 44"). Spaces, dots,
 * slashes, hyphens and brackets are ignored when counting; anything else
 * (other lengths, letters, a "+") is returned unchanged, only trimmed.
 */
export function formatPhone(s: string): string {
  s = trimGo(s)
  let digits = ''
  for (const c of s) {
    if (c >= '0' && c <= '9') digits += c
    else if (!' ./-()'.includes(c)) return s
  }
  if (digits.length === 10) return group(digits, [4, 2, 2, 2])
  if (digits.length === 9) return group(digits, [3, 2, 2, 2])
  return s
}

function group(digits: string, sizes: number[]): string {
  const parts: string[] = []
  let at = 0
  for (const n of sizes) {
    parts.push(digits.slice(at, at + n))
    at += n
  }
  return parts.join(' ')
}

/**
 * The tel: address of a phone number: its digits, and a Belgian national
 * number (0 then 8 or 9 digits) in international form, so that it works
 * from abroad too: "063 22 44 55" → "tel:+3263224455".
 */
export function telHref(phone: string): string {
  const plus = trimGo(phone).startsWith('+')
  const digits = phone.replace(/\D/g, '')
  if (plus) return `tel:+${digits}`
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`
  if (/^0\d{8,9}$/.test(digits)) return `tel:+32${digits.slice(1)}`
  return `tel:${digits}`
}

/** strings.TrimSpace: Unicode white space at both ends. */
export function trimGo(s: string): string {
  let a = 0
  let b = s.length
  while (a < b && isSpace(s.charCodeAt(a))) a++
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--
  return s.slice(a, b)
}

/** unicode.IsSpace (Go), which differs from JS \s on U+0085 and U+FEFF. */
export function isSpace(c: number): boolean {
  switch (c) {
    case 0x09: case 0x0a: case 0x0b: case 0x0c: case 0x0d: case 0x20: case 0x85: case 0xa0:
    case 0x1680: case 0x2028: case 0x2029: case 0x202f: case 0x205f: case 0x3000:
      return true
  }
  return c >= 0x2000 && c <= 0x200a
}
