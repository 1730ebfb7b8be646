import { describe, expect, it } from 'vitest'
import type { Schema } from '../../../../gen/admin'
import { blank, findText, getAt, moved, pathOf, setAt, under, type Obj } from './config'

const schema: Schema = {
  root: 'Config',
  types: {
    Config: [{ key: 'pages', kind: 'list', type: 'Page', elem: 'object' }, { key: 'popup', kind: 'object', type: 'Popup' }],
    Page: [
      { key: 'name', kind: 'string' }, { key: 'status', kind: 'string', options: ['Published', 'Draft'] },
      { key: 'title', kind: 'text' }, { key: 'childMenus', kind: 'list', type: 'Page', elem: 'object' },
      { key: 'condition', kind: 'object', type: 'Cond', optional: true },
    ],
    Popup: [{ key: 'delay', kind: 'number' }, { key: 'published', kind: 'bool' }],
    Cond: [{ key: 'field', kind: 'string' }],
  },
}

describe('the draft as the editor holds it', () => {
  it('names paths as the server’s problems do', () => {
    expect(pathOf(['pages', 2, 'params', 'title', 'nl'])).toBe('pages[2].params.title.nl')
  })

  it('changes one value, copying only what leads to it and keeping the keys’ order', () => {
    const v: Obj = { agency: { name: 'A' }, pages: [{ name: 'Home', sort: 1 }, { name: 'Contact' }] }
    const next = setAt(v, ['pages', 0, 'name'], 'Thuis') as { agency: Obj; pages: Obj[] }
    expect(next.pages[0]).toEqual({ name: 'Thuis', sort: 1 })
    expect(Object.keys(next.pages[0])).toEqual(['name', 'sort'])
    expect(next.agency).toBe(v.agency)
    expect(getAt(v, ['pages', 0, 'name'])).toBe('Home')
    expect(getAt(setAt(v, ['pages', 1], undefined), ['pages'])).toEqual([{ name: 'Home', sort: 1 }])
    expect(getAt(setAt(v, ['popup', 'delay'], 3), ['popup'])).toEqual({ delay: 3 })
  })

  it('moves an item within its list, never out of it', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
  })

  it('makes a new item with every field empty, a recursive type stopping, optional ones left out', () => {
    expect(blank(schema, 'Page')).toEqual({ name: '', status: 'Published', title: {}, childMenus: [] })
    expect(blank(schema, 'Popup')).toEqual({ delay: 0, published: false })
  })

  it('finds the problems of a field and under it', () => {
    const problems = [{ path: 'pages[1].title.nl', message: 'a' }, { path: 'pages[10]', message: 'b' }, { path: 'pages[1]', message: 'c' }]
    expect(under(problems, 'pages[1]').map((p) => p.message)).toEqual(['a', 'c'])
  })

  it('finds the text a click in the preview shows, in its language, tags and spaces aside', () => {
    const v = { banner: { title: { nl: 'Welkom', fr: 'Bienvenue <b>chez nous</b>' } }, pages: [{ title: { fr: 'Contact' } }] }
    expect(findText(v, 'fr', '  Bienvenue\n chez nous ')).toBe('banner.title.fr')
    expect(findText(v, 'fr', 'Contact')).toBe('pages[0].title.fr')
    expect(findText(v, 'nl', 'Contact')).toBe('')
    expect(findText(v, 'fr', 'x')).toBe('')
  })
})
