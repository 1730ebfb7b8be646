import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../lib/i18n'
import type { Page } from '../../lib/router'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { HONEYPOT_FIELD } from '../../gen/forms'

/** The contact page of the fixtures (a content page with a contact module), with the props of a post. */
function contactPage(lang: Lang, post: Record<string, unknown> = {}): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Page' && x.url === `/${lang}/contact/`)!
  return { ...p, props: { ...p.props, ...post } }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the site contact form in the contact module', () => {
  it.each(['fr', 'en'] as const)('%s: the site-contact form posts to the page itself, #contact, with the person, a remark and the anti-spam box', (lang) => {
    const el = dom(contactPage(lang))
    const module = el.querySelector('.module-contact')!
    expect(module.querySelector('.module-description')!.textContent).toBe('Nous vous répondons.')
    const form = module.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`/${lang}/contact/#contact`)
    expect(form.closest('#contact')).not.toBeNull()
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('site-contact')
    for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'remark', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    expect(form.querySelector('.altcha-box')).not.toBeNull()
    expect(form.querySelector('[name="propertyId"]')).toBeNull()
    expect(module.textContent).toContain(translate(lang, 'contact.formTitle'))
    expect(form.querySelector('.vf-summary')).toBeNull()
  })

  it('after a refused post: the summary, the fields in red and what was typed', () => {
    const el = dom(
      contactPage('fr', {
        errors: { email: 'forms.error.email', remark: 'forms.error.required' },
        form: { name: 'site-contact', values: { title: 'ms', firstName: 'Anne', lastName: 'Dupont', email: 'anne@', remark: '' } },
      }),
    )
    const form = el.querySelector('.module-contact form')!
    expect(form.querySelector('.vf-summary')!.textContent).toContain(translate('fr', 'forms.error.summary'))
    const email = form.querySelector('input[name="email"]') as HTMLInputElement
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('value')).toBe('anne@')
    expect(el.querySelector(`#${email.getAttribute('aria-describedby')}`)!.textContent).toContain(translate('fr', 'forms.error.email'))
    expect(form.querySelector('textarea[name="remark"]')!.getAttribute('aria-invalid')).toBe('true')
    expect((form.querySelector('input[name="firstName"]') as HTMLInputElement).getAttribute('value')).toBe('Anne')
    expect((form.querySelector('input[name="title"][value="ms"]') as HTMLInputElement).hasAttribute('checked')).toBe(true)
  })

  it('the home page holds no form (its chunk stays without the form kit)', () => {
    const home = pagesIn('fr').find((x) => x.component === 'Home')!
    expect(dom(home).querySelector('form.vf')).toBeNull()
  })
})
