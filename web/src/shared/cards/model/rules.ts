import type { Card, Property } from './types'
import { type TFn } from '../../../lib/i18n'

/** Marquee codes that mean "no label" (SPEC §3: 0, 3, 4, 13 seen, not shown). */
export const HIDDEN_MARQUEES: readonly number[] = [0, 3, 4, 13]

/** Marquee codes we translate (common.marquee.<code> in every language): new, under option, new price. */
export const KNOWN_MARQUEES: readonly number[] = [1, 2, 5]

/** A status label to show, and the language of its text when it is not the page's. */
export interface MarqueeLabel {
  text: string
  lang?: string
}

/**
 * The marquee label of a listing in the page's language, or null (SPEC §3
 * Marquee). The label is a code: a known code reads from our translations;
 * the feed's MarqueeName (written in the listing's Language) only stands in
 * for a code we do not know, and then carries that language. Every place a
 * status label reaches the visitor (cards, banner slides, map markers) goes
 * through here.
 */
export function marqueeOf(t: TFn, p: Pick<Card, 'Marquee' | 'MarqueeName' | 'Language'>, lang: string): MarqueeLabel | null {
  if (HIDDEN_MARQUEES.includes(p.Marquee)) return null
  if (KNOWN_MARQUEES.includes(p.Marquee)) return { text: t(`common.marquee.${p.Marquee}`) }
  const name = p.MarqueeName?.trim()
  if (!name) return null
  return { text: name, lang: p.Language && p.Language !== lang ? p.Language : undefined }
}

/** A property picture's alternative text: its type and city, never "image". */
export function pictureAlt(t: TFn, p: Pick<Card | Property, 'TypeDescription' | 'City'>, detail?: string): string {
  const alt = t('common.pictureAlt', { type: p.TypeDescription, city: p.City })
  return detail ? `${alt} – ${detail}` : alt
}

/** The street line of an address, empty when the address is private. */
export function streetLine(p: { PublishAddress?: boolean; PublicAddress?: boolean; Street?: string; HouseNumber?: string; BoxNr?: string }, boxLabel: string): string {
  const visible = p.PublishAddress ?? p.PublicAddress ?? false
  if (!visible || !p.Street) return ''
  return [p.Street, p.HouseNumber, p.BoxNr ? `${boxLabel} ${p.BoxNr}` : ''].filter(Boolean).join(' ')
}
