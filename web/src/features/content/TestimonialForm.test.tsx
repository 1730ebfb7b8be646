import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../lib/i18n'
import type { Page } from '../../lib/router'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { HONEYPOT_FIELD } from '../../gen/forms'

/** A content page holding the approved testimonials and the testimonial form, with the props of a post. */
function testimonialPage(lang: Lang, post: Record<string, unknown> = {}): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Page' && x.url === `/${lang}/contact/`)!
  const url = `/${lang}/temoignages/`
  const modules = [
    { id: 11, view: 'testimonials', title: 'Ils nous ont fait confiance', titleSize: 'h2', numberItemOfRow: 3, maxItems: 0,
      testimonials: [{ name: 'Anne L.', comment: 'Top', lang: 'fr', website: 'https://anne.example.be/', about: 'seller' }] },
    { id: 12, view: 'testimonial-form', title: 'Partagez votre expérience', titleSize: 'h2', numberItemOfRow: 0, maxItems: 0 },
  ]
  return { ...p, url, props: { ...p.props, title: 'Témoignages', children: [], modules, ...post } }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the testimonial form of a testimonial-form module', () => {
  it.each(['fr', 'de'] as const)('%s: a multipart form posting to the page itself, #testimonial, with every field and the anti-spam box', (lang) => {
    const el = dom(testimonialPage(lang))
    const form = el.querySelector('.module-testimonial-form form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`/${lang}/temoignages/#testimonial`)
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('testimonial')
    for (const name of ['firstName', 'lastName', 'email', 'remark', 'aboutYou', 'website', 'picture', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    expect(form.querySelector('input[name="website"]')!.getAttribute('type')).toBe('url')
    expect(form.querySelector('input[name="picture"]')!.getAttribute('type')).toBe('file')
    expect(form.querySelector('[name="title"], [name="phone"]')).toBeNull()
    expect(form.querySelector('.altcha-box')).not.toBeNull()
    expect([...form.querySelectorAll('select[name="aboutYou"] option')].map((o) => o.textContent)).toEqual([
      '', ...['buyer', 'seller', 'tenant', 'landlord'].map((v) => translate(lang, `testimonial.about.${v}`)),
    ])
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe(translate(lang, 'testimonial.send'))
    // The approved ones above it, the author's site linked without endorsement.
    const link = el.querySelector('.module-testimonials a[href="https://anne.example.be/"]')!
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener')
  })

  it('after a refused post: the summary, the fields in red and what was typed', () => {
    const el = dom(
      testimonialPage('fr', {
        errors: { website: 'forms.error.url', remark: 'forms.error.required' },
        form: { name: 'testimonial', values: { firstName: 'Anne', lastName: 'Lambert', email: 'anne@example.be', website: 'www.anne.be', aboutYou: 'buyer', remark: '' } },
      }),
    )
    const form = el.querySelector('.module-testimonial-form form')!
    expect(form.querySelector('.vf-summary')!.textContent).toContain(translate('fr', 'forms.error.summary'))
    const website = form.querySelector('input[name="website"]') as HTMLInputElement
    expect(website.getAttribute('aria-invalid')).toBe('true')
    expect(website.getAttribute('value')).toBe('www.anne.be')
    expect(el.querySelector(`#${website.getAttribute('aria-describedby')}`)!.textContent).toContain(translate('fr', 'forms.error.url'))
    expect(form.querySelector('textarea[name="remark"]')!.getAttribute('aria-invalid')).toBe('true')
    expect((form.querySelector('input[name="firstName"]') as HTMLInputElement).getAttribute('value')).toBe('Anne')
    expect(form.querySelector('select[name="aboutYou"] option[selected]')!.getAttribute('value')).toBe('buyer')
  })
})
