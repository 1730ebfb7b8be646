import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../../lib/i18n'
import type { Page } from '../../../lib/router'
import { pagesIn } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'
import { HONEYPOT_FIELD } from '../../../gen/forms'

function propertyPage(lang: Lang, post: Record<string, unknown> = {}): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Property')!
  return { ...p, props: { ...p.props, notice: undefined, ...post } }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('send to a friend on the property page', () => {
  it.each(['en', 'de'] as const)('%s: a closed disclosure at #friend holds a link to the page with it open, no form', (lang) => {
    const el = dom(propertyPage(lang))
    const details = el.querySelector('details#friend')!
    expect(details.hasAttribute('open')).toBe(false)
    expect(details.querySelector('summary')!.textContent).toBe(translate(lang, 'property.friend.open'))
    expect(details.querySelector('form')).toBeNull()
    const link = details.querySelector('.disclosure-open a')!
    expect(link.textContent).toBe(translate(lang, 'forms.showForm'))
    expect(link.getAttribute('href')).toBe('?open=send-to-friend#friend')
  })

  it.each(['en', 'de'] as const)('%s: opened (?open=send-to-friend), a send-to-friend form posting to the page itself', (lang) => {
    const p = propertyPage(lang, { form: { name: 'send-to-friend', values: {} } })
    const el = dom(p)
    const details = el.querySelector('details#friend')!
    expect(details.hasAttribute('open')).toBe(true)
    expect(details.querySelector('.disclosure-open')).toBeNull()
    expect(details.querySelector('.vf-summary')).toBeNull()
    const form = details.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`${p.url}#friend`)
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('send-to-friend')
    for (const name of ['firstName', 'lastName', 'email', 'friendFirstName', 'friendLastName', 'friendEmail', 'remark', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    for (const name of ['title', 'phone', 'propertyId', 'contactTime']) {
      expect(form.querySelector(`[name="${name}"]`), name).toBeNull()
    }
    expect(form.querySelector('input[name="friendEmail"]')!.getAttribute('type')).toBe('email')
    expect(form.querySelector('.altcha-box')).not.toBeNull()
    const legends = [...form.querySelectorAll('legend')].map((l) => l.textContent)
    expect(legends).toEqual([translate(lang, 'property.friend.you'), translate(lang, 'property.friend.them')])
  })

  it('"Send to a friend" in the contact box leads to the page with the form open, at its disclosure (what a browser without JavaScript follows)', () => {
    const el = dom(propertyPage('fr'))
    const link = [...el.querySelectorAll('.contact-box a')].find((a) => a.textContent === translate('fr', 'property.friend.open'))!
    expect(link.getAttribute('href')).toBe('?open=send-to-friend#friend')
  })

  it('after a refused post: open, the summary, the friend\'s email in red with its message, what was typed kept', () => {
    const el = dom(
      propertyPage('de', {
        errors: { friendEmail: 'forms.error.friendEmail' },
        form: { name: 'send-to-friend', values: { firstName: 'Max', lastName: 'Müller', email: 'max@example.de', friendFirstName: 'Eva', friendEmail: 'eva@', remark: 'Schau mal!' } },
      }),
    )
    const details = el.querySelector('details#friend')!
    expect(details.hasAttribute('open')).toBe(true)
    expect(details.querySelector('.vf-summary')!.textContent).toContain(translate('de', 'forms.error.summary'))
    const friendEmail = details.querySelector('input[name="friendEmail"]')!
    expect(friendEmail.getAttribute('aria-invalid')).toBe('true')
    expect(el.querySelector(`#${friendEmail.getAttribute('aria-describedby')!.split(' ')[0]}`)!.textContent).toBe(
      translate('de', 'forms.error.friendEmail'),
    )
    expect(friendEmail.getAttribute('value')).toBe('eva@')
    expect(details.querySelector('input[name="lastName"]')!.getAttribute('value')).toBe('Müller')
    expect(details.querySelector('input[name="friendFirstName"]')!.getAttribute('value')).toBe('Eva')
    expect(details.querySelector('textarea[name="remark"]')!.textContent).toBe('Schau mal!')
    expect(el.querySelector('#contact .vf-summary')).toBeNull()
  })
})
