import type { CSSProperties } from 'react'
import type { Col } from './types'

/**
 * A block's spans in the 12-column grid (SPEC §3 col sm/md/lg) as the CSS
 * variables the stylesheets read per breakpoint (--col-sm below 767 px,
 * --col-md from 767, --col-lg from 1280): md defaults to sm, lg to md, sm
 * to 12; a span outside 1–12 is 12. Without col, nothing (the stylesheets'
 * fallback is 12).
 */
export function colVars(col: Col | null | undefined): CSSProperties {
  if (!col) return {}
  const n = (v: number | undefined) => (v && v > 0 && v <= 12 ? v : 12)
  const sm = n(col.sm)
  const md = col.md ? n(col.md) : sm
  const lg = col.lg ? n(col.lg) : md
  return { '--col-sm': sm, '--col-md': md, '--col-lg': lg } as CSSProperties
}
