import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Captcha as CaptchaConfig } from '../../gen/pages'
import { type Lang, LangProvider } from '../../lib/i18n'
import { PageContext, type Page, type PostProps } from '../../lib/router'
import { Altcha } from './components/Altcha'
import { VisitorForm } from './components/VisitorForm'
import { CAPTCHA_ONLOAD, resetCaptchaLoader } from './model/captcha'
import { attrs, dom } from '../../test/markup'

// ALTCHA's widget must not load in these tests: the captcha replaces it.
const altchaLoads = vi.hoisted(() => ({ calls: 0 }))
vi.mock('./model/altcha', async (original) => ({
  ...(await original<typeof import('./model/altcha')>()),
  loadAltcha: () => {
    altchaLoads.calls++
    return new Promise(() => {})
  },
}))

const configs: Record<CaptchaConfig['provider'], CaptchaConfig> = {
  turnstile: { provider: 'turnstile', siteKey: '0x4AAAAAAABkMYinukE8nzY', script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit' },
  hcaptcha: { provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001', script: 'https://js.hcaptcha.com/1/api.js?render=explicit' },
  recaptcha: { provider: 'recaptcha', siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', script: 'https://www.google.com/recaptcha/api.js?render=explicit' },
}

function page(captcha?: CaptchaConfig, errors?: PostProps['errors']): Page {
  const form = errors && { name: 'site-contact', values: {} }
  return { component: 'Page', url: '/fr/contact/', version: 'v1', props: { site: { lang: 'fr', captcha }, errors, form } }
}

function onPage(ui: ReactNode, p: Page, lang: Lang = 'fr') {
  return (
    <PageContext.Provider value={p}>
      <LangProvider lang={lang}>{ui}</LangProvider>
    </PageContext.Provider>
  )
}

const form = (
  <form aria-label="request">
    <Altcha />
  </form>
)

// In a visitor form, which renews the token after each answer of the server.
const inVisitorForm = <VisitorForm kind="site-contact" antiSpam={<Altcha />}>{null}</VisitorForm>

// The scripts the page appended (kept out of the document: the test DOM
// loads no script files and would report an error).
let appended: HTMLScriptElement[] = []
const scripts = () => appended.map((s) => s.src)

beforeEach(() => {
  resetCaptchaLoader()
  altchaLoads.calls = 0
  appended = []
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) appended.push(node)
    return node
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  delete (window as unknown as Record<string, unknown>)[CAPTCHA_ONLOAD]
  for (const g of ['turnstile', 'hcaptcha', 'grecaptcha']) delete (window as unknown as Record<string, unknown>)[g]
})

describe('Captcha', () => {
  it.each(Object.values(configs))('renders the $provider element on the server, loading nothing', (config) => {
    const html = renderToString(onPage(form, page(config)))
    const cls = { turnstile: 'cf-turnstile', hcaptcha: 'h-captcha', recaptcha: 'g-recaptcha' }[config.provider]
    const box = dom(html).querySelector('.captcha-box')
    expect(attrs(box)).toEqual({ class: `captcha-box ${cls}`, 'data-sitekey': config.siteKey })
    expect(box?.childNodes).toHaveLength(0)
    expect(html).not.toContain('altcha-box')
    expect(html).not.toContain('<script')
    // Its <noscript> text: Captcha.server.test.tsx (a browser's React layer leaves noscript children out).
  })

  it('loads the provider script once per page, only when a form holds the element, and renders each widget', async () => {
    render(onPage(<p>No form here</p>, page(configs.turnstile)))
    await act(async () => {})
    expect(scripts()).toEqual([]) // a page without a form loads nothing

    const { container, unmount } = render(
      onPage(
        <>
          {form}
          {form}
        </>,
        page(configs.turnstile),
      ),
    )
    await act(async () => {})
    expect(scripts()).toEqual([`https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=${CAPTCHA_ONLOAD}`])
    expect(altchaLoads.calls).toBe(0)

    // The script arrives and says it is ready.
    const api = { render: vi.fn(() => 'w' + api.render.mock.calls.length), reset: vi.fn(), remove: vi.fn() }
    const w = window as unknown as Record<string, unknown>
    w.turnstile = api
    await act(async () => (w[CAPTCHA_ONLOAD] as () => void)())
    expect(api.render).toHaveBeenCalledTimes(2)
    const [host, params] = api.render.mock.calls[0] as unknown as [HTMLElement, Record<string, unknown>]
    expect(container.querySelector('form .cf-turnstile')?.contains(host)).toBe(true)
    expect(params).toMatchObject({ sitekey: configs.turnstile.siteKey, language: 'fr' })

    unmount()
    expect(api.remove).toHaveBeenCalledTimes(2)
    expect(scripts()).toHaveLength(1)
  })

  it('asks reCAPTCHA for the page language in its script, and resets the widget after a server answer', async () => {
    const config = configs.recaptcha
    const { rerender } = render(onPage(inVisitorForm, page(config), 'de'))
    await act(async () => {})
    expect(scripts()).toEqual([`https://www.google.com/recaptcha/api.js?render=explicit&onload=${CAPTCHA_ONLOAD}&hl=de`])
    const api = { render: vi.fn(() => 0), reset: vi.fn() }
    const w = window as unknown as Record<string, unknown>
    w.grecaptcha = api
    await act(async () => (w[CAPTCHA_ONLOAD] as () => void)())
    expect(api.render).toHaveBeenCalledTimes(1)

    rerender(onPage(inVisitorForm, page(config, { form: 'forms.error.captcha' }), 'de'))
    await act(async () => {})
    expect(api.reset).toHaveBeenCalledWith(0)
    expect(api.render).toHaveBeenCalledTimes(1) // the same widget, reset
  })

  it('keeps ALTCHA the default: no provider, no third-party script', async () => {
    const html = renderToString(onPage(form, page()))
    expect(html).toContain('<div class="altcha-box"></div>')
    const { container } = render(onPage(form, page()))
    await act(async () => void container.querySelector('form')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))) // the visitor turns to the form
    expect(altchaLoads.calls).toBe(1)
    expect(scripts()).toEqual([])
  })
})
