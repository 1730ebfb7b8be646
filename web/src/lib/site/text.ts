import type { Text } from './types'

/**
 * The text in lang with Go's fallbacks (catalog.Text.In: fr, en, nl, de;
 * site.Text.In stops after en, which only differs when fr and en are both
 * empty). Plain strings pass through.
 */
export function textIn(t: Text | string | null | undefined, lang: string): string {
  if (!t) return ''
  if (typeof t === 'string') return t
  for (const l of [lang, 'fr', 'en', 'nl', 'de']) {
    const s = t[l] ?? t[l.toUpperCase()]
    if (s && s.trim() !== '') return s
  }
  return ''
}

/** SPEC §5: null or blank strings count as empty. */
export function isBlank(s: string | null | undefined): boolean {
  return !s || s.trim() === ''
}
