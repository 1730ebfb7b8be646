import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouterContext } from './context'
import { Link } from './Link'
import type { Router } from './types'
import { attrs } from '../../test/markup'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: Root
const router = {
  visit: vi.fn(async () => {}),
  prefetch: vi.fn(),
  isLocal: (href: string) => href.startsWith('/'),
} as unknown as Router & { visit: ReturnType<typeof vi.fn>; prefetch: ReturnType<typeof vi.fn> }

beforeEach(() => {
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
  router.visit.mockClear()
  router.prefetch.mockClear()
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  vi.useRealTimers()
})

function mount(el: React.ReactNode) {
  act(() => root.render(<RouterContext.Provider value={router}>{el}</RouterContext.Provider>))
  return container.querySelector('a')!
}

/** Clicks and reports whether the app prevented the default; the browser's default never runs. */
const click = (a: HTMLAnchorElement, init: MouseEventInit = {}) => {
  const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })
  let defaultPrevented = false
  const stop = (ev: Event) => { defaultPrevented = ev.defaultPrevented; ev.preventDefault() }
  document.addEventListener('click', stop) // runs after React's root listener
  act(() => { a.dispatchEvent(e) })
  document.removeEventListener('click', stop)
  return { defaultPrevented }
}

describe('Link', () => {
  it('renders a plain anchor', () => {
    const a = mount(<Link href="/for-sale/" className="nav">For sale</Link>)
    expect(attrs(a)).toEqual({ class: 'nav', href: '/for-sale/' })
    expect(a.textContent).toBe('For sale')
    expect(a.children).toHaveLength(0)
  })

  it('turns a left click into a visit', () => {
    const a = mount(<Link href="/for-sale/" preserveScroll>x</Link>)
    const e = click(a)
    expect(e.defaultPrevented).toBe(true)
    expect(router.visit).toHaveBeenCalledWith('/for-sale/', { replace: undefined, preserveScroll: true, preserveState: undefined })
  })

  it('leaves modified clicks, new tabs, downloads and external links to the browser', () => {
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(click(mount(<Link href="/a/">x</Link>), init).defaultPrevented).toBe(false)
    }
    expect(click(mount(<Link href="/a/" target="_blank">x</Link>)).defaultPrevented).toBe(false)
    expect(click(mount(<Link href="/a.pdf" download>x</Link>)).defaultPrevented).toBe(false)
    expect(click(mount(<Link href="https://elsewhere.example/">x</Link>)).defaultPrevented).toBe(false)
    expect(router.visit).not.toHaveBeenCalled()
  })

  it('prefetches after hovering 75 ms, not when the pointer just passes', () => {
    vi.useFakeTimers()
    const a = mount(<Link href="/property/1/">x</Link>)
    // As a browser does, both events of each (React derives enter and leave from over and out; Preact listens to them).
    const hover = () => act(() => { a.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })); a.dispatchEvent(new MouseEvent('mouseenter')) })
    const leave = () => act(() => { a.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })); a.dispatchEvent(new MouseEvent('mouseleave')) })
    hover()
    leave()
    vi.advanceTimersByTime(100)
    expect(router.prefetch).not.toHaveBeenCalled()
    hover()
    vi.advanceTimersByTime(100)
    expect(router.prefetch).toHaveBeenCalledWith('/property/1/')
  })

  it('does not prefetch with prefetch={false}', () => {
    vi.useFakeTimers()
    const a = mount(<Link href="/property/1/" prefetch={false}>x</Link>)
    act(() => { a.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })) })
    vi.advanceTimersByTime(100)
    expect(router.prefetch).not.toHaveBeenCalled()
  })
})
