import { act, useState } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RouterContext, type Router } from '../router'
import { PageIds, useElementId } from './ids'
import { hydrateInSlices, hydrationWork } from './slices'
import { Static } from './Static'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const router = {
  visit: vi.fn(async () => {}),
  prefetch: vi.fn(),
  isLocal: (href: string) => href.startsWith('/'),
} as unknown as Router & { visit: ReturnType<typeof vi.fn>; prefetch: ReturnType<typeof vi.fn> }

/** How often the static part's content rendered. */
let renders = 0
function Card({ title }: { title: string }) {
  renders++
  return (
    <>
      <a href="/property/1/">{title}</a> <a href="https://elsewhere.example/" target="_blank">out</a>
      <span>{`${title}, details`}</span>
    </>
  )
}

/** A field after the part: its id must be the server's, whatever the part did in the browser. */
function After() {
  const id = useElementId()
  return <input id={id} aria-label="after" />
}

function Page({ title, deps }: { title: string; deps?: unknown[] }) {
  return (
    <RouterContext.Provider value={router}>
      <PageIds>
        <main>
          <Static as="article" className="card" deps={deps ?? [title]}>
            <Card title={title} />
          </Static>
          <After />
        </main>
      </PageIds>
    </RouterContext.Provider>
  )
}

afterEach(() => {
  document.body.innerHTML = ''
  renders = 0
  router.visit.mockClear()
  router.prefetch.mockClear()
  vi.useRealTimers()
})

/** The server's HTML of page, hydrated in slices; resolves with the container once every part is. */
async function hydrated(page: React.ReactElement) {
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToString(page)
  const server = container.innerHTML
  const nodes = [...container.querySelectorAll('*')]
  renders = 0
  let root: ReturnType<typeof hydrateRoot> | undefined
  await act(async () => {
    await hydrateInSlices(() => void (root = hydrateRoot(container, page)))
  })
  return { container, root: root!, server, nodes }
}

const click = (el: Element, init: MouseEventInit = {}) => {
  const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })
  let prevented = false
  const stop = (ev: Event) => ((prevented = ev.defaultPrevented), ev.preventDefault())
  document.addEventListener('click', stop)
  act(() => void el.dispatchEvent(e))
  document.removeEventListener('click', stop)
  return prevented
}

describe('Static', () => {
  it('keeps the server’s HTML through hydration and runs none of its content', async () => {
    const { container, server, nodes } = await hydrated(<Page title="Villa" />)
    expect(container.innerHTML).toBe(server)
    const now = [...container.querySelectorAll('*')]
    expect(now.length === nodes.length && now.every((n, i) => n === nodes[i])).toBe(true) // the same elements, not copies
    expect(renders).toBe(0)
    // The part's own element is hydrated, its content not: main, article, input.
    expect(hydrationWork().reduce((a, b) => a + b, 0)).toBe(3)
    expect(container.querySelector('article')!.hasAttribute('data-static')).toBe(true)
    expect(container.querySelector('input')!.id).toBe('i1')
  })

  it('serves its links as the app’s: a local left click is a visit, anything else the browser’s', async () => {
    const { container } = await hydrated(<Page title="Villa" />)
    const [local, out] = [...container.querySelectorAll('a')]
    expect(click(local)).toBe(true)
    expect(router.visit).toHaveBeenCalledWith('/property/1/')
    router.visit.mockClear()
    expect(click(local, { ctrlKey: true })).toBe(false)
    expect(click(local, { button: 1 })).toBe(false)
    expect(click(out)).toBe(false)
    expect(click(container.querySelector('span')!)).toBe(false)
    expect(router.visit).not.toHaveBeenCalled()
  })

  it('fetches a link ahead when the pointer rests on it or a finger touches it', async () => {
    const { container } = await hydrated(<Page title="Villa" />)
    vi.useFakeTimers()
    const [local, out] = [...container.querySelectorAll('a')]
    act(() => void local.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })))
    act(() => void local.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: container })))
    vi.advanceTimersByTime(200)
    expect(router.prefetch).not.toHaveBeenCalled() // passed over
    act(() => void local.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })))
    vi.advanceTimersByTime(100)
    expect(router.prefetch).toHaveBeenCalledWith('/property/1/')
    router.prefetch.mockClear()
    act(() => void out.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })))
    vi.advanceTimersByTime(100)
    expect(router.prefetch).not.toHaveBeenCalled()
    act(() => void local.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' })))
    expect(router.prefetch).toHaveBeenCalledWith('/property/1/')
  })

  it('renders its content once what it is made of changes, and from then on', async () => {
    const { container, root } = await hydrated(<Page title="Villa" />)
    act(() => root.render(<Page title="Villa" />))
    expect(renders).toBe(0) // the same data: still the server's HTML
    act(() => root.render(<Page title="Maison" />))
    expect(renders).toBeGreaterThan(0)
    expect(container.querySelector('span')!.textContent).toBe('Maison, details')
    expect(container.querySelectorAll('a')).toHaveLength(2)
    expect(container.querySelector('input')!.id).toBe('i1')
  })

  it('renders its content where it mounts outside a hydration', () => {
    const container = document.body.appendChild(document.createElement('div'))
    act(() => createRoot(container).render(<Page title="Villa" />))
    expect(renders).toBe(1)
    expect(container.querySelector('span')!.textContent).toBe('Villa, details')
  })

  it('renders its content when it mounts during the hydration over no server HTML', async () => {
    // A part the browser adds while the page still hydrates (state set in the first task's effects).
    function Late() {
      const [shown, setShown] = useState(false)
      if (!shown) queueMicrotask(() => setShown(true))
      return <div>{shown && <Static as="p" deps={[1]}><Card title="Late" /></Static>}</div>
    }
    const page = (
      <RouterContext.Provider value={router}>
        <Late />
      </RouterContext.Provider>
    )
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(page)
    await act(async () => {
      await hydrateInSlices(() => void hydrateRoot(container, page))
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(container.querySelector('span')?.textContent).toBe('Late, details')
  })
})
