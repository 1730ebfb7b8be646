import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../lib/i18n'
import type { Page } from '../../lib/router'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import type { VisitView } from '../../gen/pages'
import { HONEYPOT_FIELD } from '../../gen/forms'

const visit: VisitView = {
  days: [
    {
      date: '2026-03-03',
      label: 'Dinsdag 3 maart',
      slots: [
        { value: '2026-03-03T10:00:00+01:00', time: '10:00' },
        { value: '2026-03-03T10:30:00+01:00', time: '10:30' },
      ],
    },
    { date: '2026-03-04', label: 'Woensdag 4 maart', slots: [{ value: '2026-03-04T14:00:00+01:00', time: '14:00' }] },
  ],
}

function propertyPage(lang: Lang, extra: Record<string, unknown>): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Property')!
  return { ...p, props: { ...p.props, ...extra } }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the visit form on the property page', () => {
  it('is absent when the site offers no visits', () => {
    const el = dom(propertyPage('nl', { visit: undefined }))
    expect(el.querySelector('#visit')).toBeNull()
    expect(el.querySelector('a[href$="#visit"]'), 'no link to a visit form').toBeNull()
  })

  it.each(['nl', 'de'] as const)('%s: slots grouped by day as radio buttons, posting contact-appointment to the page', (lang) => {
    // A disclosure, closed until asked for: its summary, the contact box and the contact bar lead to
    // it, and without JavaScript to the page with it open (?open=); closed, it holds no form.
    const closed = dom(propertyPage(lang, { visit })).querySelector('details#visit')!
    expect(closed.hasAttribute('open')).toBe(false)
    expect(closed.querySelector(':scope > summary')!.textContent).toBe(translate(lang, 'visit.title'))
    expect(closed.querySelector('form')).toBeNull()
    expect(closed.querySelector('.disclosure-open a')!.getAttribute('href')).toBe('?open=contact-appointment#visit')
    const p = propertyPage(lang, { visit, form: { name: 'contact-appointment', values: {} } })
    const el = dom(p)
    expect(el.querySelector('.contact-box a[href="?open=contact-appointment#visit"]')!.textContent).toBe(translate(lang, 'visit.title'))
    expect(el.querySelector('.contact-bar a[href="?open=contact-appointment#visit"]')!.textContent).toBe(translate(lang, 'property.bar.visit'))
    const section = el.querySelector('details#visit')!
    expect(section.hasAttribute('open')).toBe(true)
    const form = section.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`${p.url}#visit`)
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('contact-appointment')
    const days = [...form.querySelectorAll('fieldset.visit-day')]
    expect(days.map((d) => d.querySelector('legend')!.textContent)).toEqual(['Dinsdag 3 maart', 'Woensdag 4 maart'])
    const radios = [...form.querySelectorAll('input[type="radio"][name="slot"]')]
    // Each button named by its day and time, in the page's words (the day's label is the server's).
    const at = { nl: (day: string, time: string) => `${day} om ${time}`, de: (day: string, time: string) => `${day} um ${time} Uhr` }[lang]
    expect(radios.map((r) => [r.getAttribute('value'), r.getAttribute('aria-label')])).toEqual([
      ['2026-03-03T10:00:00+01:00', at('Dinsdag 3 maart', '10:00')],
      ['2026-03-03T10:30:00+01:00', at('Dinsdag 3 maart', '10:30')],
      ['2026-03-04T14:00:00+01:00', at('Woensdag 4 maart', '14:00')],
    ])
    for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'remark', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    expect(form.querySelector('.altcha-box')).not.toBeNull()
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe(translate(lang, 'visit.submit'))
  })

  it('says so when no slot is free, without a form', () => {
    const el = dom(propertyPage('fr', { visit: { days: [] } }))
    const section = el.querySelector('section#visit')!
    expect(section.querySelector('h2')!.textContent).toBe(translate('fr', 'visit.title'))
    expect(section.textContent).toContain(translate('fr', 'visit.noSlots'))
    expect(section.querySelector('form')).toBeNull()
    expect(el.querySelector('a[href$="#visit"]'), 'no button to book what cannot be booked').toBeNull()
  })

  it('after "full": the summary, the slot field in red, what was typed kept', () => {
    const el = dom(
      propertyPage('de', {
        visit,
        errors: { slot: 'forms.error.slotFull' },
        form: { name: 'contact-appointment', values: { lastName: 'Müller', slot: '2026-03-03T10:30:00+01:00', remark: 'Mit Hund' } },
      }),
    )
    expect(el.querySelector('details#visit')!.hasAttribute('open'), 'open after a refused post').toBe(true)
    const form = el.querySelector('#visit form')!
    expect(form.querySelector('.vf-summary')!.textContent).toContain(translate('de', 'forms.error.summary'))
    // The group in red, its message above the slots (not after seventy of them).
    const group = form.querySelector('fieldset.visit-slots')!
    expect(group.getAttribute('aria-invalid')).toBe('true')
    const error = group.querySelector('.vf-error')!
    expect(error.textContent).toBe(translate('de', 'forms.error.slotFull'))
    expect(error.compareDocumentPosition(group.querySelector('.visit-days')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(form.querySelector('input[value="2026-03-03T10:30:00+01:00"]')!.hasAttribute('aria-invalid')).toBe(false)
    expect(form.querySelector('input[value="2026-03-03T10:30:00+01:00"]')!.hasAttribute('checked')).toBe(true)
    expect(form.querySelector('input[name="lastName"]')!.getAttribute('value')).toBe('Müller')
    expect(form.querySelector('textarea[name="remark"]')!.textContent).toBe('Mit Hund')
  })
})
