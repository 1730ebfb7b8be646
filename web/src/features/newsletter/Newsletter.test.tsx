import { describe, expect, it } from 'vitest'
import { HONEYPOT_FIELD } from '../../gen/forms'
import { translate, type Lang } from '../../lib/i18n'
import type { Page, PostProps } from '../../lib/router'
import { head, pagesIn, shell } from '../../test/fixtures'
import { renderPage } from '../../test/render'

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

function withPost(p: Page, post: PostProps): Page {
  return { ...p, props: { ...p.props, ...post } }
}

describe('the footer’s newsletter sign-up', () => {
  it.each(['fr', 'en'] as const)('%s: on every page, posting to that page with its kind, an email and the honeypot', (lang: Lang) => {
    for (const p of pagesIn(lang).filter((x) => x.component !== 'NotFound')) {
      const form = dom(p).querySelector('footer #newsletter form')!
      expect(form, p.url).not.toBeNull()
      expect(form.getAttribute('action')).toBe(`${p.url.split('#')[0]}#newsletter`)
      expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('sign-newsletter')
      expect(form.querySelector('input[name="email"]')).not.toBeNull()
      expect(form.querySelector(`input[name="${HONEYPOT_FIELD}"]`), 'the same honeypot as the forms kit').not.toBeNull()
    }
  })

  it('a 404 page’s posts to the home page', () => {
    const p: Page = { component: 'NotFound', url: '/en/nowhere/', version: 'v', props: { site: shell('en'), head: head('Not found', 'en') } }
    expect(dom(p).querySelector('footer #newsletter form')!.getAttribute('action')).toBe('/en/#newsletter')
  })

  it('after a refused post: the summary and the error linked to the field, the address kept', () => {
    const home = pagesIn('en').find((x) => x.component === 'Home')!
    const el = dom(withPost(home, { errors: { email: 'forms.error.email' }, form: { name: 'sign-newsletter', values: { email: 'anne@' } } }))
    const input = el.querySelector('footer input[name="email"]') as HTMLInputElement
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('value')).toBe('anne@')
    const described = el.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby')!)}`)!
    expect(described.getAttribute('role')).toBe('alert')
    expect(described.textContent).toBe(translate('en', 'forms.error.summary') + translate('en', 'forms.error.email'))
  })
})

describe('the newsletter pages', () => {
  const page = (step: string, extra: Record<string, unknown> = {}): Page => ({
    component: 'Newsletter',
    url: '/fr/unsubscribe/',
    version: 'v',
    props: { site: shell('fr'), head: head('Newsletter', 'fr'), title: 'Désinscription', step, action: '/fr/unsubscribe/', ...extra },
  })
  it('an unsubscribe link shows a button posting its token, not a done deed', () => {
    const el = dom(page('confirm', { token: 'tok' }))
    const form = el.querySelector('main form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/fr/unsubscribe/')
    expect((form.querySelector('input[name="token"]') as HTMLInputElement).value).toBe('tok')
    expect(el.querySelector('main')!.textContent).toContain(translate('fr', 'newsletter.confirmButton'))
  })
  it.each([
    ['confirmed', 'newsletter.confirmed'],
    ['unsubscribed', 'newsletter.unsubscribed'],
    ['unknown', 'newsletter.unknown'],
    ['sent', 'newsletter.sent'],
    ['failed', 'newsletter.failed'],
  ])('%s says so', (step, key) => {
    expect(dom(page(step)).querySelector('main')!.textContent).toContain(translate('fr', key))
  })
  it.each([
    ['alert', 'confirm', 'newsletter.optout.alertConfirm'],
    ['alert', 'unsubscribed', 'newsletter.optout.alertDone'],
    ['report', 'confirm', 'newsletter.optout.reportConfirm'],
    ['report', 'unsubscribed', 'newsletter.optout.reportDone'],
  ])('the link of an %s mail, %s: says what it stops', (what, step, key) => {
    const text = dom(page(step, { what, token: 'tok' })).querySelector('main')!.textContent
    expect(text).toContain(translate('fr', key))
    expect(text).not.toContain(translate('fr', 'newsletter.unsubscribed'))
  })
  it('the form asking for an address, refused: the error and the address kept', () => {
    const el = dom(page('ask', { errors: { email: 'forms.error.required' }, form: { name: 'unsubscribe', values: { email: '' } } }))
    const input = el.querySelector('main input[name="email"]')!
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(el.querySelector('main [role="alert"]')!.textContent).toBe(translate('fr', 'forms.error.required'))
  })
})
