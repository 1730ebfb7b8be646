import { describe, expect, it } from 'vitest'
import { translate } from '../../lib/i18n'
import type { Page } from '../../lib/router'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'

function cancelPage(props: Record<string, unknown>): HTMLElement {
  const base = pagesIn('nl').find((x) => x.component === 'ThankYou')!
  const page: Page = { ...base, component: 'VisitCancel', url: '/nl/cancel-visit/?token=tok', props: { site: base.props.site, head: base.props.head, ...props } }
  const div = document.createElement('div')
  div.innerHTML = renderPage(page)
  return div
}

describe('the page of a visit\'s cancel link', () => {
  it('confirm: the visit and a button posting the token to the same address', () => {
    const el = cancelPage({ state: 'confirm', token: 'tok', when: 'Dinsdag 3 maart om 10:00', propertyTitle: 'Villa met tuin', propertyUrl: '/nl/te-koop/arlon/villa/1/' })
    expect(el.querySelector('h1')!.textContent).toBe(translate('nl', 'visit.cancel.title'))
    expect(el.querySelector('dd')!.textContent).toBe('Dinsdag 3 maart om 10:00')
    expect(el.querySelector('dd a')!.getAttribute('href')).toBe('/nl/te-koop/arlon/villa/1/')
    const form = el.querySelector('.visit-cancel-card form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.hasAttribute('action')).toBe(false)
    expect((form.querySelector('input[name="token"]') as HTMLInputElement).value).toBe('tok')
    expect(form.querySelector('button')!.textContent).toBe(translate('nl', 'visit.cancel.button'))
  })

  it('done: says so, no button, a link back to the property', () => {
    const el = cancelPage({ state: 'done', when: 'Dinsdag 3 maart om 10:00', propertyTitle: 'Villa', propertyUrl: '/nl/p/' })
    expect(el.querySelector('[role="status"]')!.textContent).toBe(translate('nl', 'visit.cancel.done'))
    expect(el.querySelector('.visit-cancel-card form')).toBeNull()
    expect(el.querySelector('.visit-cancel-card a.button')!.getAttribute('href')).toBe('/nl/p/')
  })

  it('unknown: the link is not valid or used, no button', () => {
    const el = cancelPage({ state: 'unknown' })
    expect(el.querySelector('[role="status"]')!.textContent).toBe(translate('nl', 'visit.cancel.unknown'))
    expect(el.querySelector('.visit-cancel-card form')).toBeNull()
  })

  it('failed: says to try again, the button again', () => {
    const el = cancelPage({ state: 'failed', token: 'tok' })
    expect(el.querySelector('[role="alert"]')!.textContent).toBe(translate('nl', 'visit.cancel.failed'))
    expect(el.querySelector('.visit-cancel-card form input[name="token"]')).not.toBeNull()
  })
})
