import './icons.css'

/** The icons of icons.css: data-icon="name" (before the content) or data-icon-end="name" (after). */
export const ICONS = ['phone', 'mail', 'facebook', 'instagram', 'linkedin', 'menu', 'close', 'bed', 'bath', 'area', 'pin', 'arrowUp', 'arrowRight', 'chevronLeft', 'chevronRight', 'chevronDown', 'calendar', 'energy', 'clock', 'external'] as const

export type IconName = (typeof ICONS)[number]

/** The icon a configured name (top bar items) maps to, or undefined when there is none. */
export function knownIcon(name: string | undefined): IconName | undefined {
  return (ICONS as readonly string[]).includes(name ?? '') ? (name as IconName) : undefined
}
