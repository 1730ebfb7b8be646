import { act, waitFor } from '@testing-library/react'
import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { LangProvider } from '../../lib/i18n'
import { PageContext, RouterContext, type Page, type Router } from '../../lib/router'
import { CHECK_HEADER } from './components/VisitorForm'
import { ContactTimeField, PersonFields, TextArea, VisitorForm } from './index'
import { deferredForm, loadDeferredForms, type FormModule } from './deferred'
import { attrs, dom } from '../../test/markup'

function fakeRouter() {
  return { visit: vi.fn(async () => {}), page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router
}

const page: Page = { component: 'Page', url: '/en/contact/', version: 'v1', props: {} }

function wrap(ui: ReactNode, router: Router | null) {
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page}>
        <LangProvider lang="en">{ui}</LangProvider>
      </PageContext.Provider>
    </RouterContext.Provider>
  )
}

function ContactForm({ note }: { note: string }) {
  return (
    <section>
      <p className="note">{note}</p>
      <VisitorForm kind="site-contact" antiSpam={null}>
        <PersonFields />
        <TextArea name="remark" label="Remark" />
        <ContactTimeField />
      </VisitorForm>
    </section>
  )
}
const contactModule: FormModule<{ note: string }> = { default: ContactForm }

/** A loader the test lets through: how often the browser asked for the form's code, and the hand that delivers it. */
function heldLoader() {
  const held = { calls: 0, deliver: () => {} }
  const load = () => {
    held.calls++
    return new Promise<FormModule<{ note: string }>>((resolve) => (held.deliver = () => resolve(contactModule)))
  }
  return { held, load }
}

const input = (root: HTMLElement, name: string, value?: string) =>
  root.querySelector<HTMLInputElement>(`[name="${name}"]${value ? `[value="${value}"]` : ''}`)!

describe('deferredForm', () => {
  it("the server renders the form whole; the browser keeps that form, which posts by itself, until the visitor turns to it, then loads its code and hydrates the same elements, keeping what was typed", async () => {
    // The server has the module at hand (scripts/deferred.mjs passes it): it never loads anything.
    const Server = deferredForm(() => new Promise<never>(() => {}), contactModule)
    const html = renderToString(wrap(<Server note="Write to us" />, null))
    expect(html).toMatch(/^<div class="deferred-form">(<!--\$-->)?<section>/)
    expect(attrs(dom(html).querySelector('form'))).toMatchObject({ action: '/en/contact/', method: 'post' })
    expect(html).toContain('name="firstName"')

    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const form = container.querySelector('form')!
    const { held, load } = heldLoader()
    const Client = deferredForm(load)
    const router = fakeRouter()
    let root: Root | undefined
    const mismatches: unknown[] = []
    const logged = vi.spyOn(console, 'error')
    await act(async () => {
      root = hydrateRoot(container, wrap(<Client note="Write to us" />, router), { onRecoverableError: (e) => mismatches.push(e) })
    })
    // Hydrated around it, the form is the server's, untouched, and its code not asked for.
    expect(held.calls).toBe(0)
    expect(container.querySelector('form')).toBe(form)

    // The visitor types and chooses before the code arrives…
    input(container, 'firstName').value = 'Anna'
    input(container, 'title', 'ms').checked = true
    container.querySelector<HTMLSelectElement>('[name="contactTime"]')!.value = 'evening'
    await act(async () => void input(container, 'lastName').dispatchEvent(new FocusEvent('focusin', { bubbles: true })))
    expect(held.calls).toBe(1)
    // The code arrives; the boundary hydrates once its promises have settled (a task later on Preact).
    await act(async () => {
      held.deliver()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })

    // …the same elements, hydrated, still hold it…
    expect(container.querySelector('form')).toBe(form)
    expect(input(container, 'firstName').value).toBe('Anna')
    expect(input(container, 'title', 'ms').checked).toBe(true)
    expect(container.querySelector<HTMLSelectElement>('[name="contactTime"]')!.value).toBe('evening')
    // …and the kit drives the form: a post with a required field empty goes through the router as a check, with those values.
    await act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })))
    await waitFor(() => expect(vi.mocked(router.visit)).toHaveBeenCalledTimes(1))
    const posts = vi.mocked(router.visit).mock.calls
    expect(posts[0][1]?.headers?.[CHECK_HEADER]).toBe('true')
    expect(posts[0][1]?.data).toMatchObject({ firstName: 'Anna', title: 'ms', contactTime: 'evening', form: 'site-contact' })
    // No mismatch: nothing was rendered again by the browser.
    expect(mismatches).toEqual([])
    expect(logged).not.toHaveBeenCalled()
    logged.mockRestore()
    act(() => root?.unmount())
    container.remove()
  })

  it('a form the browser renders itself (a later page) loads at once and shows when its code is there', async () => {
    const { held, load } = heldLoader()
    const Client = deferredForm(load)
    const container = document.createElement('div')
    document.body.append(container)
    const { createRoot } = await import('react-dom/client')
    const root = createRoot(container)
    await act(async () => root.render(wrap(<Client note="Hello" />, fakeRouter())))
    expect(held.calls).toBe(1)
    expect(container.querySelector('form')).toBeNull()
    await act(async () => held.deliver())
    await waitFor(() => expect(container.querySelector('.note')?.textContent).toBe('Hello'))
    expect(container.querySelector('form input[name="email"]')).not.toBeNull()
    act(() => root.unmount())
    container.remove()
  })

  it("a change of the page's context (a visit) drops no server form: the app first loads the forms shown, which then hydrate before the change", async () => {
    const Word = createContext('first')
    const Said = () => <form method="post"><input name="x" /><output>{useContext(Word)}</output></form>
    const said: FormModule<object> = { default: Said }
    const speaker: { say: (w: string) => void } = { say: () => {} }
    function Shell({ Form }: { Form: ComponentType<object> }) {
      const [word, setWord] = useState('first')
      useEffect(() => void (speaker.say = setWord), [])
      return <Word.Provider value={word}><Form /></Word.Provider>
    }
    const html = renderToString(<Shell Form={deferredForm(() => new Promise<never>(() => {}), said)} />)
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const form = container.querySelector('form')!
    let deliver = () => {}
    const Client = deferredForm(() => new Promise<FormModule<object>>((resolve) => (deliver = () => resolve(said))))
    await act(async () => void hydrateRoot(container, <Shell Form={Client} />))
    const ready = loadDeferredForms()
    await act(async () => {
      deliver()
      await ready
    })
    act(() => flushSync(() => speaker.say('second')))
    expect(container.querySelector('form')).toBe(form)
    expect(form.querySelector('output')?.textContent).toBe('second')
    container.remove()
  })

  it("a visit to another view waits only for the forms that stay, not for a form no longer on screen whose code never comes", async () => {
    const box = (label: string): FormModule<object> => ({ default: () => <form><input name={label} /></form> })
    const Left = deferredForm<object>(() => new Promise<never>(() => {}))
    const Stays = deferredForm(() => Promise.resolve(box('stays')))
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    await act(async () => root.render(<><Left /><Stays /></>))
    act(() => root.render(<Stays />))
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('waited for the form gone'), 200))
    const answer = await Promise.race([loadDeferredForms([Stays]).then(() => 'ready'), timeout])
    expect(answer).toBe('ready')
    expect(container.querySelector('input[name="stays"]')).not.toBeNull()
    act(() => root.unmount())
    container.remove()
  })
})
