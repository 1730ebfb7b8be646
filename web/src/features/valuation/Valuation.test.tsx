import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../lib/i18n'
import type { Page } from '../../lib/router'
import { head, shell } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { HONEYPOT_FIELD } from '../../gen/forms'

function valuationPage(lang: Lang, url: string, post: Record<string, unknown> = {}): Page {
  return {
    component: 'Valuation',
    url,
    version: 'v',
    props: { site: shell(lang), head: head('x', lang), title: translate(lang, 'valuation.title'), types: ['Appartement', 'Studio'], ...post },
  }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the free valuation page', () => {
  it.each([
    ['fr', '/fr/estimation-gratuite/'],
    ['en', '/en/contact-demand/'],
  ] as const)('%s: the form posts to the page itself with the person, the address, goal, type, remark and contact time', (lang, url) => {
    const el = dom(valuationPage(lang, url))
    expect(el.querySelector('main h1')!.textContent).toBe(translate(lang, 'valuation.title'))
    const form = el.querySelector('#valuation form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`${url}#valuation`)
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('contact-demand')
    for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'street', 'zip', 'city', 'goal', 'propertyType', 'remark', 'contactTime', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    const types = [...form.querySelectorAll('select[name="propertyType"] option')].map((o) => o.getAttribute('value'))
    expect(types).toEqual(['', 'Appartement', 'Studio'])
    expect(form.querySelector('.altcha-box')).not.toBeNull()
  })

  it('after a refused post: the summary, the fields in red and what was typed', () => {
    const el = dom(
      valuationPage('fr', '/fr/estimation-gratuite/', {
        errors: { street: 'forms.error.required', goal: 'forms.error.required' },
        form: { name: 'contact-demand', values: { firstName: 'Luc', city: 'Arlon', street: '', propertyType: 'Studio' } },
      }),
    )
    const form = el.querySelector('#valuation form')!
    expect(form.querySelector('.vf-summary')!.textContent).toContain(translate('fr', 'forms.error.summary'))
    expect(form.querySelector('input[name="street"]')!.getAttribute('aria-invalid')).toBe('true')
    expect(form.querySelector('input[name="city"]')!.getAttribute('value')).toBe('Arlon')
    expect(form.querySelector('select[name="propertyType"] option[value="Studio"]')!.hasAttribute('selected')).toBe(true)
  })
})
