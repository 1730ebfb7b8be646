// @vitest-environment node
// The icons are one SVG strip (icons.css): each name shows its cell. A cell
// added without growing the strip's count, two names on one cell, or a name
// of ICONS without a cell would draw the wrong icon or none.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ICONS } from './icons'

const css = readFileSync(new URL('./icons.css', import.meta.url), 'utf8')
const cells = new Map([...css.matchAll(/\[data-icon='(\w+)'\]::before, \[data-icon-end='\1'\]::after \{ --i: (\d+); \}/g)].map((m) => [m[1], Number(m[2])]))
const strip = decodeURIComponent(/--icons: url\("data:image\/svg\+xml,([^"]+)"\)/.exec(css)![1])

describe('icon strip', () => {
  it('gives every name a cell of its own, from 0 up', () => {
    const indexes = [...cells.values()].sort((a, b) => a - b)
    expect(indexes).toEqual(indexes.map((_, i) => i))
    for (const name of ICONS) expect(cells.has(name), name).toBe(true)
  })

  it('draws one path per cell, in the cell, and the mask counts them all', () => {
    const n = cells.size
    expect(strip).toContain(`viewBox='0 0 ${24 * n} 24'`)
    const shifts = [...strip.matchAll(/<path transform='translate\((\d+)\)'/g)].map((m) => Number(m[1]) / 24).sort((a, b) => a - b)
    expect(shifts).toEqual([...cells.values()].sort((a, b) => a - b))
    for (const mask of css.matchAll(/mask: var\(--icons\) calc\(var\(--i, 0\) \* 100% \/ (\d+)\) 0 \/ (\d+)% 100% no-repeat/g)) {
      expect(Number(mask[1])).toBe(n - 1)
      expect(Number(mask[2])).toBe(100 * n)
    }
    expect([...css.matchAll(/mask: var\(--icons\)/g)]).toHaveLength(2) // -webkit-mask and mask
  })
})
