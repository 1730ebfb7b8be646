import { describe, expect, it } from 'vitest'
import { colVars } from './col'

describe('colVars', () => {
  it('gives each breakpoint its span, md falling back to sm and lg to md', () => {
    expect(colVars({ sm: 12, md: 6, lg: 4 })).toEqual({ '--col-sm': 12, '--col-md': 6, '--col-lg': 4 })
    expect(colVars({ sm: 6, md: 0, lg: 0 })).toEqual({ '--col-sm': 6, '--col-md': 6, '--col-lg': 6 })
    expect(colVars({ sm: 0, md: 4, lg: 0 })).toEqual({ '--col-sm': 12, '--col-md': 4, '--col-lg': 4 })
  })

  it('reads a span outside 1–12 as 12, and no col as nothing set', () => {
    expect(colVars({ sm: 13, md: -1, lg: 3 })).toEqual({ '--col-sm': 12, '--col-md': 12, '--col-lg': 3 })
    expect(colVars(undefined)).toEqual({})
  })
})
