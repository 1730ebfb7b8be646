import type { Text } from './types'

/** A text with the language it is in; lang is set only when it fell back to another language than the one asked. */
export interface Picked {
  text: string
  lang?: string
}

/**
 * textIn, also saying which language the text fell back to, so the element
 * showing it can carry that lang (screen readers then read it in that
 * language).
 */
export function pick(t: Text | string | null | undefined, lang: string): Picked {
  if (!t) return { text: '' }
  if (typeof t === 'string') return { text: t }
  for (const l of [lang, 'fr', 'en', 'nl', 'de']) {
    const s = t[l] ?? t[l.toUpperCase()]
    if (s && s.trim() !== '') return l === lang ? { text: s } : { text: s, lang: l }
  }
  return { text: '' }
}

/**
 * The text in lang with Go's fallbacks (catalog.Text.In: fr, en, nl, de;
 * site.Text.In stops after en, which only differs when fr and en are both
 * empty). Plain strings pass through.
 */
export function textIn(t: Text | string | null | undefined, lang: string): string {
  return pick(t, lang).text
}

/** SPEC §5: null or blank strings count as empty. */
export function isBlank(s: string | null | undefined): boolean {
  return !s || s.trim() === ''
}
