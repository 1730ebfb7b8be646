import { render } from '@testing-library/react'
import { options } from 'preact'
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { endSlicing, hydrateInSlices, hydrationWork, setSliceClock, Slice, SLICE_MS } from './slices'

/** A part that costs `cost` ms of the clock to render, and counts its clicks once hydrated. */
const clock = { ms: 0 }
/** A render's cost on the test's clock. */
const spend = (ms: number) => void (clock.ms += ms)
function Part({ name, cost }: { name: string; cost: number }) {
  spend(cost)
  const [clicks, setClicks] = useState(0)
  return (
    <button type="button" data-name={name} onClick={() => setClicks(clicks + 1)}>
      {name} {clicks}
    </button>
  )
}

const page = (
  <div>
    <Slice><Part name="a" cost={SLICE_MS + 1} /></Slice>
    <Slice><Part name="b" cost={SLICE_MS} /></Slice>
    <Slice><Part name="c" cost={1} /></Slice>
  </div>
)

const tasks = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => setSliceClock(() => performance.now()))

describe('hydrateInSlices', () => {
  it('hydrates the parts over a task’s share in later tasks, on the server’s elements, and says when all are', async () => {
    setSliceClock(() => clock.ms)
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(page)
    const before = [...container.querySelectorAll('button')]
    expect(before.map((b) => b.textContent)).toEqual(['a 0', 'b 0', 'c 0'])
    let done = false
    let taken = 0
    const runtimeHook = options.diffed
    const hydrated = hydrateInSlices(() => hydrateRoot(container, page)).then((n) => ((done = true), (taken = n)))
    expect(options.diffed).not.toBe(runtimeHook) // counting while it hydrates
    // The first task hydrates what no Slice holds: every part waits, as the server rendered it.
    before[0].click()
    expect(before[0].textContent).toBe('a 0')
    expect(done).toBe(false)
    await hydrated
    // a overran the second task's share alone (a task's first part always hydrates); b spent the third's
    // exactly, which leaves c its place in it.
    expect(taken).toBe(3)
    // The elements each task hydrated: the skeleton's <div>, then a's button, then b's and c's.
    expect(hydrationWork()).toEqual([1, 1, 2])
    // The count's hook is gone with the hydration: later renders (and the server's) pay nothing for it.
    expect(options.diffed).toBe(runtimeHook)
    expect([...container.querySelectorAll('button')]).toEqual(before)
    for (const b of before) b.click()
    await tasks()
    expect(before.map((b) => b.textContent)).toEqual(['a 1', 'b 1', 'c 1'])
    container.remove()
  })

  it('ends when the app swaps in another page: the parts still waiting hydrate in their task, none waits again', async () => {
    setSliceClock(() => clock.ms)
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(page)
    const buttons = [...container.querySelectorAll('button')]
    let tasks = 0
    const hydrated = hydrateInSlices(() => hydrateRoot(container, page)).then((n) => (tasks = n))
    endSlicing()
    await hydrated
    expect(tasks).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 0))
    for (const b of buttons) b.click()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(buttons.map((b) => b.textContent)).toEqual(['a 1', 'b 1', 'c 1'])
    container.remove()
  })

  it('renders at once outside hydration', () => {
    setSliceClock(() => clock.ms + 1000)
    const { container } = render(page)
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['a 0', 'b 0', 'c 0'])
  })
})
