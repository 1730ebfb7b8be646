import { describe, expect, it } from 'vitest'
import { imageAttrs, responsive, sized, srcSet, USES, WIDTHS } from './images'
import { PICTURE, SHELL } from '../gen/breakpoints'

const URL_ = '/pictures/demo/house-01.jpg'

describe('picture addresses (SPEC §7)', () => {
  it('asks a width, height=auto and WebP by default', () => {
    expect(sized(URL_, 400)).toBe('/pictures/demo/house-01.jpg?width=400&height=auto&format=webp')
    expect(sized(URL_, 1360, 'jpeg')).toBe('/pictures/demo/house-01.jpg?width=1360&height=auto')
    expect(sized('https://cdn.example/p.jpg?v=2', 100)).toBe('https://cdn.example/p.jpg?v=2&width=100&height=auto&format=webp')
  })

  it('leaves empty and inline pictures alone', () => {
    expect(sized('', 400)).toBe('')
    expect(sized('data:image/png;base64,AAAA', 400)).toBe('data:image/png;base64,AAAA')
    expect(srcSet('', [400, 600])).toBe('')
  })

  it('builds srcsets', () => {
    expect(srcSet(URL_, [400, 600])).toBe(
      '/pictures/demo/house-01.jpg?width=400&height=auto&format=webp 400w, /pictures/demo/house-01.jpg?width=600&height=auto&format=webp 600w',
    )
    expect(srcSet(URL_, [100], 'jpeg')).toBe('/pictures/demo/house-01.jpg?width=100&height=auto 100w')
  })

  it('has a width per use, all of them variant widths', () => {
    expect(USES.thumb.src).toBe(100)
    expect(USES.card.widths).toEqual([400, 600])
    expect(USES.detail.src).toBe(1360)
    expect(USES.banner.src).toBe(1920)
    for (const spec of Object.values(USES)) {
      expect(WIDTHS).toContain(spec.src)
      expect(spec.widths).toContain(spec.src)
      for (const w of spec.widths) expect(WIDTHS).toContain(w)
      expect(spec.sizes).not.toBe('')
    }
  })

  it('gives a WebP <source> and a JPEG <img> for a <picture>', () => {
    const r = responsive(URL_, 'detail')
    expect(r.webp.type).toBe('image/webp')
    expect(r.webp.srcSet).toContain('?width=1920&height=auto&format=webp 1920w')
    expect(r.webp.sizes).toBe(USES.detail.sizes)
    expect(r.img.src).toBe('/pictures/demo/house-01.jpg?width=1360&height=auto')
    expect(r.img.srcSet).not.toContain('webp')
    expect(responsive(URL_, 'detail', '100vw').img.sizes).toBe('100vw')
    expect(responsive(URL_, 'thumb').img.srcSet).toBe(
      '/pictures/demo/house-01.jpg?width=100&height=auto 100w, /pictures/demo/house-01.jpg?width=400&height=auto 400w',
    )
  })

  it('gives plain img attributes', () => {
    expect(imageAttrs(URL_, 'card')).toEqual({
      src: '/pictures/demo/house-01.jpg?width=400&height=auto&format=webp',
      srcSet: '/pictures/demo/house-01.jpg?width=400&height=auto&format=webp 400w, /pictures/demo/house-01.jpg?width=600&height=auto&format=webp 600w',
      sizes: USES.card.sizes,
    })
  })
})

describe('sizes use the breakpoints of gen/breakpoints.ts only', () => {
  it('names no other width in a media condition', () => {
    const allowed = [`(min-width: ${SHELL.tablet}px)`, `(min-width: ${SHELL.desktop}px)`, `(max-width: ${PICTURE.mobileMax}px)`]
    for (const spec of Object.values(USES)) {
      for (const cond of spec.sizes.match(/\([^)]*\)/g) ?? []) expect(allowed).toContain(cond)
    }
  })
})
