import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { type Lang, LangProvider, translate } from '../../lib/i18n'
import { PageContext, RouterContext, ServerError, type Page, type Router } from '../../lib/router'
import { CheckboxField, ContactTimeField, FileField, PersonFields, TextArea, TextField, VisitorForm } from './index'
import type { PostProps } from './model/post'
import { CHECK_HEADER } from './components/VisitorForm'
import { FormKitContext, type ProofHandle } from './components/context'
import { useContext, useEffect } from 'react'
import { HONEYPOT_FIELD } from '../../gen/forms'

/** The router's posts that would keep the form, and those the server only checks. */
const sends = (router: Router) => vi.mocked(router.visit).mock.calls.filter(([, o]) => !o?.headers?.[CHECK_HEADER])
const checks = (router: Router) => vi.mocked(router.visit).mock.calls.filter(([, o]) => o?.headers?.[CHECK_HEADER])

function fakeRouter(visit: Router['visit'] = vi.fn(async () => {})) {
  return { visit, page: null, prefetch: vi.fn(), isLocal: () => true, connect: vi.fn(), subscribe: vi.fn() } as unknown as Router
}

function page(props: PostProps = {}): Page {
  return { component: 'Page', url: '/en/contact/', version: 'v1', props: props as Record<string, unknown> }
}

function wrap(ui: ReactNode, { lang = 'en', props = {}, router = fakeRouter() }: { lang?: Lang; props?: PostProps; router?: Router | null } = {}) {
  return (
    <RouterContext.Provider value={router}>
      <PageContext.Provider value={page(props)}>
        <LangProvider lang={lang}>{ui}</LangProvider>
      </PageContext.Provider>
    </RouterContext.Provider>
  )
}

/** The site contact form, as the contact page will hold it. */
const contactForm = (
  <VisitorForm kind="site-contact" antiSpam={<div data-testid="anti-spam" />}>
    <PersonFields />
    <TextArea name="remark" label="Remark" />
    <ContactTimeField />
    <CheckboxField name="newsletter" label="Newsletter" />
  </VisitorForm>
)

const k = (lang: Lang, key: string) => translate(lang, `forms.${key}`)

/** The text of the element an input's aria-describedby names. */
function describedBy(el: HTMLElement) {
  const ids = el.getAttribute('aria-describedby')
  return ids ? ids.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ') : undefined
}

/** The field labelled text (a required one's label ends with " *"). */
const labelled = (text: string) => screen.getByLabelText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`))

async function fillValid(user: ReturnType<typeof userEvent.setup>, lang: Lang = 'en', remark = true) {
  await user.click(screen.getByRole('radio', { name: k(lang, 'label.ms') }))
  await user.type(labelled(k(lang, 'label.firstName')), 'Ann')
  await user.type(labelled(k(lang, 'label.lastName')), 'Peeters')
  await user.type(labelled(k(lang, 'label.email')), 'ann@example.be')
  await user.type(labelled(k(lang, 'label.phone')), '0471 23 45 67')
  if (remark) await user.type(labelled('Remark'), 'Call me')
}

describe('VisitorForm', () => {
  for (const lang of ['en', 'nl'] as const) {
    it(`says a field's problem as it is left, in the page's language (${lang})`, async () => {
      const user = userEvent.setup()
      render(wrap(contactForm, { lang }))
      const email = labelled(k(lang, 'label.email'))
      await user.type(email, 'ann@')
      await user.tab()
      expect(email).toHaveAttribute('aria-invalid', 'true')
      expect(describedBy(email)).toBe(k(lang, 'error.email'))

      const first = labelled(k(lang, 'label.firstName'))
      await user.click(first)
      await user.tab()
      expect(describedBy(first)).toBe(k(lang, 'error.required'))

      await user.type(email, 'example.be') // "ann@example.be" now
      expect(email).not.toHaveAttribute('aria-invalid')
      expect(email).not.toHaveAttribute('aria-describedby')
      expect(screen.queryByText(k(lang, 'error.email'))).toBeNull()
    })
  }

  it('refuses to send a bad form: the summary, the fields in red, the focus on the first', async () => {
    const user = userEvent.setup()
    const router = fakeRouter()
    render(wrap(contactForm, { router }))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(sends(router)).toHaveLength(0)
    // The server is asked to check only, for its own rules' messages in the same round.
    expect(checks(router)).toHaveLength(1)
    expect(checks(router)[0][1]).toMatchObject({ method: 'post', preserveState: true, headers: { [CHECK_HEADER]: 'true' } })
    expect(screen.getByRole('alert')).toHaveTextContent(k('en', 'error.summary'))
    const title = screen.getByRole('radiogroup', { name: k('en', 'label.title') })
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(describedBy(title)).toBe(k('en', 'error.required'))
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Mr' }))
    expect(describedBy(labelled('Remark'))).toBe(k('en', 'error.required'))
  })

  it('waits for the proof before posting, and asks a new one after any answer, saying a refused one on it', async () => {
    const user = userEvent.setup()
    const renew = vi.fn<ProofHandle['renew']>()
    let solve: (fields: Record<string, string>) => void = () => {}
    const ready = vi.fn(() => new Promise<Record<string, string>>((resolve) => (solve = resolve)))
    function FakeProof() {
      const { registerProof } = useContext(FormKitContext)!
      useEffect(() => registerProof({ ready, renew }), [registerProof])
      return null
    }
    const form = (
      <VisitorForm kind="site-contact" antiSpam={<FakeProof />}>
        <PersonFields />
        <TextArea name="remark" label="Remark" />
      </VisitorForm>
    )
    const router = fakeRouter()
    const { rerender } = render(wrap(form, { router }))
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(ready).toHaveBeenCalledTimes(1)
    expect(router.visit).not.toHaveBeenCalled() // the proof is being solved
    await act(async () => solve({ altcha: 'proof-1' }))
    expect((sends(router)[0][1]!.data as Record<string, string>).altcha).toBe('proof-1')
    expect(renew).not.toHaveBeenCalled()

    // The server answers that the slot is full (the proof spent): a new proof.
    rerender(wrap(form, { router, props: { errors: { form: 'forms.error.slotFull' }, form: { name: 'site-contact', values: {} } } }))
    expect(renew).toHaveBeenCalledTimes(1)
    expect(renew).toHaveBeenLastCalledWith(undefined)
    // It refused the proof itself: the widget says so, and the summary too.
    rerender(wrap(form, { router, props: { errors: { altcha: 'forms.error.captcha' }, form: { name: 'site-contact', values: {} } } }))
    expect(renew).toHaveBeenLastCalledWith('forms.error.captcha')
    expect(screen.getByRole('alert')).toHaveTextContent(k('en', 'error.captcha'))
  })

  it('sends a good form through the router: what the browser would post, scroll kept', async () => {
    const user = userEvent.setup()
    const router = fakeRouter()
    render(wrap(contactForm, { router }))
    await fillValid(user)
    await user.selectOptions(screen.getByLabelText(k('en', 'label.contactTime')), 'evening')
    await user.click(screen.getByRole('checkbox', { name: 'Newsletter' }))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(router.visit).toHaveBeenCalledTimes(1)
    expect(router.visit).toHaveBeenCalledWith('/en/contact/', {
      method: 'post',
      preserveScroll: true,
      preserveState: true,
      data: {
        form: 'site-contact', title: 'ms', firstName: 'Ann', lastName: 'Peeters', email: 'ann@example.be',
        phone: '0471 23 45 67', remark: 'Call me', contactTime: 'evening', newsletter: 'yes', [HONEYPOT_FIELD]: '',
      },
    })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows the server's answer: errors linked to their fields, values kept, focus on the first in red", () => {
    const props: PostProps = {
      errors: { email: 'forms.error.email', phone: 'forms.error.phone', form: 'forms.error.captcha' },
      form: { name: 'site-contact', values: { title: 'ms', firstName: 'Ann', lastName: 'Peeters', email: 'ann@', phone: '12', remark: 'Call me', contactTime: 'evening', newsletter: 'yes' } },
    }
    // The page of the answer as it comes: the server's HTML, hydrated.
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(wrap(contactForm, { lang: 'fr', props, router: null }))
    render(wrap(contactForm, { lang: 'fr', props }), { container, hydrate: true })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(k('fr', 'error.summary'))
    expect(alert).toHaveTextContent(k('fr', 'error.captcha'))
    const email = labelled(k('fr', 'label.email'))
    expect(document.activeElement).toBe(email)
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(describedBy(email)).toBe(k('fr', 'error.email'))
    expect(describedBy(labelled(k('fr', 'label.phone')))).toBe(k('fr', 'error.phone'))
    expect(email).toHaveValue('ann@')
    expect(labelled(k('fr', 'label.firstName'))).toHaveValue('Ann')
    expect(screen.getByRole('radio', { name: k('fr', 'label.ms') })).toBeChecked()
    expect(labelled('Remark')).toHaveValue('Call me')
    // The slot chosen, as the server marks it (happy-dom 21 reads a parsed select's value wrongly; Chromium does not).
    expect(screen.getByLabelText(k('fr', 'label.contactTime')).querySelector('option[selected]')).toHaveValue('evening')
    expect(screen.getByRole('checkbox', { name: 'Newsletter' })).toBeChecked()
    expect(labelled(k('fr', 'label.lastName'))).not.toHaveAttribute('aria-invalid')
  })

  it("takes the server's answer to a post sent with JavaScript over the browser's checks", async () => {
    const user = userEvent.setup()
    const { rerender } = render(wrap(contactForm))
    const phone = labelled(k('en', 'label.phone'))
    await user.type(phone, '12')
    await user.tab()
    expect(describedBy(phone)).toBe(k('en', 'error.phone'))
    // The router swaps in the page the server answered (preserveState: the form stays mounted).
    const props: PostProps = { errors: { email: 'forms.error.slotFull' }, form: { name: 'site-contact', values: { phone: '12' } } }
    rerender(wrap(contactForm, { props }))
    expect(phone).not.toHaveAttribute('aria-invalid')
    expect(describedBy(labelled(k('en', 'label.email')))).toBe(k('en', 'error.slotFull'))
    expect(document.activeElement).toBe(labelled(k('en', 'label.email')))
    expect(phone).toHaveValue('12')
  })

  it("drops the server's word on a field once the visitor changes it", async () => {
    const user = userEvent.setup()
    const props: PostProps = { errors: { email: 'forms.error.slotFull' }, form: { name: 'site-contact', values: { email: 'ann@example.be' } } }
    render(wrap(contactForm, { props }))
    const email = labelled(k('en', 'label.email'))
    expect(describedBy(email)).toBe(k('en', 'error.slotFull'))
    await user.type(email, 'x')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("ignores another form's answer on the same page", () => {
    const props: PostProps = { errors: { email: 'forms.error.email' }, form: { name: 'sign-newsletter', values: { email: 'x' } } }
    render(wrap(contactForm, { props }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(labelled(k('en', 'label.email'))).toHaveValue('')
  })

  it('lists the errors of the values the page sets in the summary', () => {
    const props: PostProps = { errors: { propertyId: 'forms.error.required' }, form: { name: 'contact-me', values: {} } }
    render(wrap(<VisitorForm kind="contact-me" hidden={{ propertyId: 4100001 }}><PersonFields /></VisitorForm>, { props }))
    expect(screen.getByRole('alert')).toHaveTextContent(k('en', 'error.required'))
    expect(document.querySelector('input[name="propertyId"]')).toHaveValue('4100001')
    expect(document.activeElement).toBe(screen.getByRole('alert')) // no field shown to focus
  })

  it("keeps the summary in view when the server's first field in red is far below it: the focus on the summary", () => {
    const props: PostProps = { errors: { remark: 'forms.error.required' }, form: { name: 'site-contact', values: {} } }
    const below = vi.spyOn(HTMLTextAreaElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 2 * window.innerHeight, 300, 80))
    try {
      render(wrap(contactForm, { props }))
      expect(labelled('Remark')).toHaveAttribute('aria-invalid', 'true')
      expect(document.activeElement).toBe(screen.getByRole('alert'))
    } finally {
      below.mockRestore()
    }
  })

  it("focuses the server's first field in red when it is in view", () => {
    const props: PostProps = { errors: { remark: 'forms.error.required' }, form: { name: 'site-contact', values: {} } }
    render(wrap(contactForm, { props }))
    expect(document.activeElement).toBe(labelled('Remark'))
  })

  it('says the mail was not sent when the post fails, and keeps what was typed', async () => {
    const user = userEvent.setup()
    const router = fakeRouter(vi.fn(async () => { throw new TypeError('network') }))
    render(wrap(contactForm, { router }))
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(k('en', 'error.sendFailed'))
    expect(document.activeElement).toBe(alert)
    expect(labelled(k('en', 'label.firstName'))).toHaveValue('Ann')
  })

  it('says API ERROR when the server answers with no page, and keeps what was typed', async () => {
    const user = userEvent.setup()
    const router = fakeRouter(vi.fn(async () => { throw new ServerError(502) }))
    render(wrap(contactForm, { router }))
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(k('en', 'error.api'))
    expect(alert).not.toHaveTextContent(k('en', 'error.sendFailed'))
    expect(labelled(k('en', 'label.lastName'))).toHaveValue('Peeters')
  })

  it('posts a form with a file as FormData (multipart)', async () => {
    const user = userEvent.setup()
    const router = fakeRouter()
    render(wrap(
      <VisitorForm kind="job-application">
        <PersonFields />
        <TextArea name="motivation" label="Motivation" />
        <FileField name="cv" label="CV" accept=".pdf" />
      </VisitorForm>,
      { router },
    ))
    expect(document.querySelector('form')).toHaveAttribute('enctype', 'multipart/form-data')
    await fillValid(user, 'en', false)
    await user.type(labelled('Motivation'), 'I like houses')
    const cv = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })
    // user.upload sets the files where happy-dom's FormData does not read them: give them as a browser does.
    const input = labelled('CV') as HTMLInputElement
    const pick = async (file: File) => {
      const picked = new DataTransfer()
      picked.items.add(file)
      input.files = picked.files
      fireEvent.change(input)
      await user.click(screen.getByRole('button', { name: 'Send' }))
    }
    expect(describedBy(input)).toBe(translate('en', 'forms.fileHint', { types: 'PDF, DOC, DOCX' }))
    // Hydrated, the input wears a face in the page's language, naming the file picked.
    const face = document.querySelector('.vf-file-face')!
    expect(face).toHaveAttribute('aria-hidden', 'true')
    expect(face).toHaveTextContent(k('en', 'file.choose'))
    expect(face).toHaveTextContent(k('en', 'file.none'))
    // The browser checks what a name and a size say; the content is the server's.
    await pick(new File(['x'], 'cv.txt', { type: 'text/plain' }))
    expect(describedBy(input)).toContain(k('en', 'error.fileType'))
    expect(face).toHaveTextContent('cv.txt')
    await pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'cv.pdf', { type: 'application/pdf' }))
    expect(describedBy(input)).toContain(k('en', 'error.fileSize'))
    expect(sends(router)).toHaveLength(0)
    await pick(cv)
    const data = sends(router)[0][1]!.data as FormData
    expect(data).toBeInstanceOf(FormData)
    expect(data.get('form')).toBe('job-application')
    expect((data.get('cv') as File).name).toBe('cv.pdf')
    expect(() => render(wrap(<VisitorForm kind="site-contact"><FileField name="cv" label="CV" /></VisitorForm>))).toThrow(/multipart/)
  })

  it('keeps the honeypot out of reach: hidden from assistive technology, never focused', async () => {
    const user = userEvent.setup()
    render(wrap(contactForm))
    const trap = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(trap).toHaveAttribute('autocomplete', 'off')
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.queryByRole('textbox', { name: k('en', 'honeypot') })).toBeNull()
    for (let i = 0; i < 20; i++) {
      await user.tab()
      expect(document.activeElement).not.toBe(trap)
    }
    expect(screen.getByTestId('anti-spam').closest('form')).toBe(document.querySelector('form'))
  })

  it('is a plain post form without JavaScript: names, values, errors in the HTML', () => {
    const props: PostProps = {
      errors: { email: 'forms.error.email' },
      form: { name: 'site-contact', values: { title: 'miss', firstName: 'Ann', email: 'ann@', remark: 'Bonjour <b>', contactTime: 'morning' } },
    }
    const html = renderToString(wrap(contactForm, { lang: 'fr', props, router: null }))
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const form = doc.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/en/contact/')
    expect(form.hasAttribute('novalidate')).toBe(true)
    const field = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!
    expect(field('form').getAttribute('type')).toBe('hidden')
    expect(field('form').getAttribute('value')).toBe('site-contact')
    expect(field('firstName').getAttribute('value')).toBe('Ann')
    expect(field('email').getAttribute('value')).toBe('ann@')
    expect(field('email').getAttribute('aria-invalid')).toBe('true')
    expect(doc.getElementById(field('email').getAttribute('aria-describedby')!)?.textContent).toBe(k('fr', 'error.email'))
    expect(form.querySelector('[name="title"][value="miss"]')!.hasAttribute('checked')).toBe(true)
    expect(form.querySelector('textarea[name="remark"]')!.textContent).toBe('Bonjour <b>')
    expect(form.querySelector<HTMLOptionElement>('[name="contactTime"] option[value="morning"]')!.hasAttribute('selected')).toBe(true)
    expect(within(doc.body).getByRole('alert')).toHaveTextContent(k('fr', 'error.summary'))
    expect(form.querySelector('button[type="submit"]')).not.toBeNull()
    for (const name of ['title', 'lastName', 'phone', 'newsletter', HONEYPOT_FIELD]) expect(field(name), name).not.toBeNull()
  })

  it('hydrates the HTML the server rendered, then checks and sends with JavaScript', async () => {
    const props: PostProps = { errors: { email: 'forms.error.email' }, form: { name: 'site-contact', values: { firstName: 'Ann', email: 'ann@' } } }
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(wrap(contactForm, { props, router: null }))
    const mismatches: unknown[] = []
    const router = fakeRouter()
    let root!: Root
    await act(async () => {
      root = hydrateRoot(container, wrap(contactForm, { props, router }), { onRecoverableError: (e) => mismatches.push(e) })
    })
    expect(mismatches).toEqual([])
    expect(document.activeElement).toBe(labelled(k('en', 'label.email')))
    const user = userEvent.setup()
    const phone = labelled(k('en', 'label.phone'))
    await user.type(phone, '12')
    await user.tab()
    expect(describedBy(phone)).toBe(k('en', 'error.phone'))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(sends(router)).toHaveLength(0)
    act(() => root.unmount())
    container.remove()
  })

  it('validates the other field types as the server does', async () => {
    const user = userEvent.setup()
    render(wrap(
      <VisitorForm kind="rent-application" hidden={{ propertyId: 1 }}>
        <TextField name="adults" label="Adults" />
        <TextField name="movingDate" label="Moving date" />
      </VisitorForm>,
    ))
    const adults = labelled('Adults')
    expect(adults).toHaveAttribute('type', 'text')
    expect(adults).toHaveAttribute('inputmode', 'numeric')
    expect(labelled('Moving date')).toHaveAttribute('type', 'date')
    await act(async () => {
      await user.type(adults, '-1')
      await user.tab()
    })
    expect(describedBy(adults)).toBe(k('en', 'error.number'))
  })
})
