import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../../lib/i18n'
import type { Page } from '../../../lib/router'
import { pagesIn } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'
import type { PropertyDetail } from '../model/types'
import { HONEYPOT_FIELD } from '../../../gen/forms'

function propertyPage(lang: Lang, post: Record<string, unknown> = {}, over: Partial<PropertyDetail> = {}): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Property')!
  const property = { ...(p.props.property as PropertyDetail), ...over }
  return { ...p, props: { ...p.props, notice: undefined, property, ...post } }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the information request on the property page', () => {
  it.each(['en', 'de'] as const)('%s: a contact-me form at #contact, posting to the page itself, no property ID', (lang) => {
    const p = propertyPage(lang)
    const el = dom(p)
    const section = el.querySelector('#contact')!
    expect(section.querySelector('h2')!.textContent).toBe(translate(lang, 'property.requestInfo'))
    const form = section.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`${p.url}#contact`)
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('contact-me')
    for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'remark', 'contactTime', 'newsletter', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    expect(form.querySelector('[name="propertyId"]')).toBeNull()
    expect(form.querySelector('.altcha-box')).not.toBeNull()
    const slots = [...form.querySelectorAll('select[name="contactTime"] option')].map((o) => o.textContent)
    expect(slots).toEqual([translate(lang, 'forms.contactTime.any'), '10:00–13:00', '14:00–16:00', '16:00–19:00'])
  })

  it('nl offers 13:00–16:00 for the afternoon (SPEC §9)', () => {
    const el = dom(propertyPage('nl' as Lang))
    const slots = [...el.querySelectorAll('#contact select[name="contactTime"] option')].map((o) => o.textContent)
    expect(slots).toContain('13:00–16:00')
  })

  it('"Request information" in the contact box goes to the form: an anchor, not an e-mail', () => {
    const el = dom(propertyPage('fr'))
    const link = [...el.querySelectorAll('.contact-box a')].find((a) => a.textContent === translate('fr', 'property.requestInfo'))!
    expect(link.getAttribute('href')).toBe('#contact')
  })

  it('a sold property still takes a request (it is a lead)', () => {
    const el = dom(propertyPage('fr', {}, { Status: 'sold' }))
    expect(el.querySelector('#contact form input[name="form"][value="contact-me"]')).not.toBeNull()
  })

  it('after a refused post: the summary, the fields in red and what was typed, the slot and the box kept', () => {
    const el = dom(
      propertyPage('de', {
        errors: { firstName: 'forms.error.required', phone: 'forms.error.phone' },
        form: { name: 'contact-me', values: { title: 'mr', lastName: 'Müller', email: 'max@example.de', phone: '12', contactTime: 'evening', newsletter: 'yes', remark: 'Garten?' } },
      }),
    )
    const form = el.querySelector('#contact form')!
    expect(form.querySelector('.vf-summary')!.textContent).toContain(translate('de', 'forms.error.summary'))
    expect(form.querySelector('input[name="firstName"]')!.getAttribute('aria-invalid')).toBe('true')
    expect(form.querySelector('input[name="phone"]')!.getAttribute('aria-invalid')).toBe('true')
    expect(form.querySelector('input[name="lastName"]')!.getAttribute('value')).toBe('Müller')
    expect(form.querySelector('textarea[name="remark"]')!.textContent).toBe('Garten?')
    expect(form.querySelector('select[name="contactTime"] option[value="evening"]')!.hasAttribute('selected')).toBe(true)
    expect(form.querySelector('input[name="newsletter"]')!.hasAttribute('checked')).toBe(true)
  })

  it('errors of another form of the page are not this form\'s', () => {
    const el = dom(propertyPage('en', { errors: { firstName: 'forms.error.required' }, form: { name: 'contact-appointment', values: {} } }))
    expect(el.querySelector('#contact .vf-summary')).toBeNull()
  })
})
