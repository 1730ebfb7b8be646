import type { Card, Property } from './types'
import { type TFn } from '../../../lib/i18n'

/** Marquee codes that mean "no label" (SPEC §3: 0, 3, 4, 13 seen, not shown). */
export const HIDDEN_MARQUEES: readonly number[] = [0, 3, 4, 13]

/** The marquee label to show on a card, or "". */
export function marqueeLabel(p: Pick<Card, 'Marquee' | 'MarqueeName'>): string {
  if (HIDDEN_MARQUEES.includes(p.Marquee) || !p.MarqueeName) return ''
  return p.MarqueeName
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
