import { act, render } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type Lang, LangProvider } from '../../lib/i18n'
import { Altcha } from './components/Altcha'
import type { AltchaModule, MountOptions } from './model/altcha'
import { HONEYPOT_FIELD } from '../../gen/forms'

// The loader, replaced per test. A plain function rather than a vi.fn:
// with Vitest 4, a vi.fn returning a rejected promise failed the test
// although the component handles the rejection.
const loader = vi.hoisted(() => ({ impl: (): Promise<AltchaModule> => new Promise(() => {}), calls: 0 }))
vi.mock('./model/altcha', async (original) => ({
  ...(await original<typeof import('./model/altcha')>()),
  loadAltcha: () => {
    loader.calls++
    return loader.impl()
  },
}))

function inForm(lang: Lang, onChange?: (p: string | null) => void) {
  return (
    <LangProvider lang={lang}>
      <form aria-label="request">
        <Altcha onChange={onChange} />
      </form>
    </LangProvider>
  )
}

// A widget module recording its mounts, as the real one's interface.
function fakeWidget() {
  const mounts: { host: HTMLElement; options: MountOptions; destroy: ReturnType<typeof vi.fn> }[] = []
  const module: AltchaModule = {
    mountAltcha(host, options) {
      const destroy = vi.fn()
      mounts.push({ host, options, destroy })
      return { destroy, reset: vi.fn(), verify: vi.fn(async () => null) }
    },
  }
  return { module, mounts }
}

// The visitor turns to the form: the widget loads then, not with the page.
const turnTo = (container: HTMLElement) => act(async () => void container.querySelector('form')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true })))

beforeEach(() => {
  loader.calls = 0
  loader.impl = () => new Promise(() => {})
})

describe('Altcha', () => {
  it('renders an empty box on the server, and loads nothing there', () => {
    const html = renderToString(inForm('fr'))
    expect(html).toContain('<div class="altcha-box"></div>')
    expect(html).not.toContain(HONEYPOT_FIELD) // the form kit renders the honeypot, once
    expect(loader.calls).toBe(0)
  })

  it('loads the widget in the browser and mounts it in the form, on our endpoint and field, in the page language', async () => {
    const { module, mounts } = fakeWidget()
    loader.impl = () => Promise.resolve(module)
    const onChange = vi.fn()
    const { container, unmount } = render(inForm('nl', onChange))
    await act(async () => {})
    expect(loader.calls).toBe(0) // a page only read loads no widget
    await turnTo(container)
    expect(loader.calls).toBe(1)
    expect(mounts).toHaveLength(1)
    const { host, options, destroy } = mounts[0]
    expect(container.querySelector('form')?.contains(host)).toBe(true)
    expect(options).toMatchObject({ challengeUrl: '/api/altcha', name: 'altcha', lang: 'nl' })
    expect(options.strings.label).toBe('Ik ben geen robot')
    expect(options.strings.verified).toBe('Geverifieerd')

    options.onChange('cGF5bG9hZA==')
    options.onChange(null)
    expect(onChange.mock.calls).toEqual([['cGF5bG9hZA=='], [null]])

    unmount()
    expect(destroy).toHaveBeenCalledTimes(1)
  })

  it('solves at once when the visitor is still in the form as the widget arrives, and waits otherwise', async () => {
    const verified: boolean[] = []
    const module: AltchaModule = {
      mountAltcha: () => ({ destroy: vi.fn(), reset: vi.fn(), verify: vi.fn(async () => (verified.push(true), 'cGF5bG9hZA==')) }),
    }
    let arrive: (m: AltchaModule) => void = () => {}
    loader.impl = () => new Promise<AltchaModule>((resolve) => (arrive = resolve))
    const form = (
      <LangProvider lang="fr">
        <form aria-label="request">
          <input name="remark" />
          <Altcha />
        </form>
        <button type="button">elsewhere</button>
      </LangProvider>
    )
    // In the form when the code comes: no focus will follow to start the widget by itself.
    const first = render(form)
    await act(async () => first.container.querySelector('input')!.focus())
    expect(loader.calls).toBe(1)
    await act(async () => arrive(module))
    expect(verified).toHaveLength(1)
    first.unmount()

    // Gone from the form by then: the widget starts on the visitor's return, or at the submit.
    const second = render(form)
    await act(async () => second.container.querySelector('input')!.focus())
    await act(async () => second.container.querySelector('button')!.focus())
    await act(async () => arrive(module))
    expect(verified).toHaveLength(1)
    second.unmount()
  })

  it('mounts nothing when unmounted before the widget arrived', async () => {
    const { module, mounts } = fakeWidget()
    let arrive: (m: AltchaModule) => void = () => {}
    const arrived = new Promise<AltchaModule>((resolve) => (arrive = resolve))
    loader.impl = () => arrived
    const { container, unmount } = render(inForm('fr'))
    await turnTo(container)
    expect(loader.calls).toBe(1)
    unmount()
    await act(async () => arrive(module))
    expect(mounts).toHaveLength(0)
  })

  it('keeps the form usable when the widget cannot load', async () => {
    let fail: (e: Error) => void = () => {}
    const failed = new Promise<AltchaModule>((_, reject) => (fail = reject))
    loader.impl = () => failed
    const { container } = render(inForm('de'))
    await turnTo(container)
    await act(async () => fail(new Error('chunk blocked')))
    expect(container.querySelector('.altcha-box')).toBeEmptyDOMElement()
  })
})
