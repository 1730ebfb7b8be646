import { useId, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../lib/i18n'
import { MemoStoreContext, ServerMemo } from '../lib/memo/ServerMemo'
import { pagesIn } from '../test/fixtures'
import { attrs, dom } from '../test/markup'
import { renderPage } from '../test/render'
import '../entry-server'
import { innerHTML, PartMemo, type Miss } from './memo'

const immoRender = (globalThis as unknown as { immoRender: (pageJSON: string) => string }).immoRender

/** Renders tree as the server entry does: with memo's store, learning what it missed. */
function serverRender(memo: PartMemo, tree: ReactElement): string {
  const misses: Miss[] = []
  const body = renderToString(<MemoStoreContext.Provider value={memo.store(misses)}>{tree}</MemoStoreContext.Provider>)
  memo.learn(body, misses, (element) => renderToString(element))
  return body
}

/** A part's content that counts how often React renders it. */
function counted(count: { n: number }, children: ReactElement) {
  function Counted() {
    count.n++
    return children
  }
  return <Counted />
}

describe('the server entry', () => {
  it('renders every page as the app does, the first time and again from its memoised parts', () => {
    for (const lang of LANGUAGES) {
      for (const page of pagesIn(lang)) {
        const want = renderPage(page)
        for (let i = 0; i < 3; i++) expect(immoRender(JSON.stringify(page)), `${page.url} render ${i + 1}`).toBe(want)
      }
    }
  })
})

describe('PartMemo', () => {
  it('renders a part once, then reuses its HTML in the host element', () => {
    const memo = new PartMemo()
    const count = { n: 0 }
    const tree = (
      <main>
        <ServerMemo as="nav" className="menu" part="menu" deps={['a']}>
          {counted(count, <a href="/fr/">Accueil</a>)}
        </ServerMemo>
      </main>
    )
    const first = serverRender(memo, tree)
    expect(first).toBe('<main><nav class="menu"><a href="/fr/">Accueil</a></nav></main>')
    expect(serverRender(memo, tree)).toBe(first)
    expect(serverRender(memo, tree)).toBe(first)
    expect(count.n).toBe(3) // in place, then alone and after another id to learn it; never again
    expect(memo.size).toBe(1)
  })

  it('keys a part by its deps: other deps render again', () => {
    const memo = new PartMemo()
    const part = (label: string) => (
      <ServerMemo as="p" part="label" deps={[label]}>
        {label}
      </ServerMemo>
    )
    expect(serverRender(memo, part('un'))).toBe('<p>un</p>')
    expect(serverRender(memo, part('deux'))).toBe('<p>deux</p>')
    expect(serverRender(memo, part('un'))).toBe('<p>un</p>')
    expect(memo.size).toBe(2)
  })

  it('never reuses a part whose markup depends on its place (useId), nor tries again', () => {
    const memo = new PartMemo()
    const count = { n: 0 }
    function Labelled() {
      const id = useId()
      count.n++
      return <input id={id} />
    }
    // First in the page, its id is the one it has alone: the part is rendered again after another id.
    const tree = (
      <div>
        <span />
        <ServerMemo as="label" part="field" deps={[]}>
          <Labelled />
        </ServerMemo>
      </div>
    )
    const first = serverRender(memo, tree)
    expect(count.n).toBe(3)
    expect(serverRender(memo, tree)).toBe(first)
    expect(count.n).toBe(4) // in place each time, without another try alone
    expect(memo.get(`field\u0000fr\u0000[]`)).toBeUndefined()
  })

  it('forgets the oldest part beyond its limit', () => {
    const memo = new PartMemo(2)
    const part = (n: number) => (
      <ServerMemo as="p" part="n" deps={[n]}>
        {n}
      </ServerMemo>
    )
    for (const n of [1, 2, 3]) serverRender(memo, part(n))
    expect(memo.size).toBe(2)
    expect(memo.get(`n\u0000fr\u0000[1]`)).toBeUndefined()
    expect(memo.get(`n\u0000fr\u0000[3]`)?.html).toBe('3')
  })
})

describe('ServerMemo without a store (the browser)', () => {
  it('renders the host element with its children', () => {
    const html = renderToString(
      <ServerMemo as="select" part="sort" deps={['b']} name="sort" value="b" onChange={() => {}}>
        <option value="a">A</option>
        <option value="b">B</option>
      </ServerMemo>,
    )
    const select = dom(html).querySelector('select')
    expect(attrs(select)).toEqual({ name: 'sort' })
    expect([...(select?.children ?? [])].map((o) => [attrs(o), o.textContent])).toEqual([
      [{ value: 'a' }, 'A'],
      [{ value: 'b', selected: '' }, 'B'],
    ])
    expect(dom(html).childNodes).toHaveLength(1)
  })
})

describe('innerHTML', () => {
  it('is the content of one element', () => {
    expect(innerHTML('<nav class="a" aria-label="x &gt; y"><ul><li>1</li></ul></nav>')).toBe('<ul><li>1</li></ul>')
    expect(innerHTML('<nav aria-label="x > y" data-x="a/b" hidden><ul><li>1</li></ul></nav>')).toBe('<ul><li>1</li></ul>')
    expect(innerHTML('<p></p>')).toBe('')
  })
  it('is null for anything else', () => {
    expect(innerHTML('<p>a</p><p>b</p>x')).toBeNull()
    expect(innerHTML('<link rel="preload"/><p>a</p>')).toBeNull()
    expect(innerHTML('text')).toBeNull()
  })
})
