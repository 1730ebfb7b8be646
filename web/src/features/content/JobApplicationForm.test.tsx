import { describe, expect, it } from 'vitest'
import { translate, type Lang } from '../../lib/i18n'
import type { Page } from '../../lib/router'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { HONEYPOT_FIELD } from '../../gen/forms'

/** A jobs page: the fixtures' content page with a job-application module, with the props of a post. */
function jobsPage(lang: Lang, post: Record<string, unknown> = {}): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Page' && x.url === `/${lang}/contact/`)!
  const modules = [{ id: 12, view: 'job-application', title: 'Postuler', titleSize: 'h2', description: 'Rejoignez-nous.', numberItemOfRow: 0, maxItems: 0 }]
  return { ...p, url: `/${lang}/jobs/`, props: { ...p.props, modules, ...post } }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the job application form in the job-application module', () => {
  it.each(['nl', 'fr', 'en', 'de'] as const)('%s: a multipart form posting to the page itself, #apply, with the person, the position, a motivation and the CV', (lang) => {
    const el = dom(jobsPage(lang))
    const form = el.querySelector('.module-job-application form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect(form.getAttribute('action')).toBe(`/${lang}/jobs/#apply`)
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('job-application')
    for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'position', 'motivation', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    const cv = form.querySelector('input[name="cv"]') as HTMLInputElement
    expect(cv.type).toBe('file')
    expect(cv.getAttribute('accept')!.split(',')).toEqual(expect.arrayContaining(['.pdf', '.doc', '.docx', 'application/pdf']))
    expect(cv.getAttribute('aria-required')).toBe('true')
    expect(el.querySelector(`label[for="${cv.id}"]`)!.textContent).toContain(translate(lang, 'jobs.cv'))
    expect(el.querySelector(`#${cv.getAttribute('aria-describedby')}`)!.textContent).toBe(translate(lang, 'forms.fileHint', { types: 'PDF, DOC, DOCX' }))
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe(translate(lang, 'jobs.send'))
    expect(form.querySelector('.altcha-box')).not.toBeNull()
  })

  it("after a refused post: the CV's problem tied to it, what was typed kept", () => {
    const el = dom(
      jobsPage('fr', {
        errors: { cv: 'forms.error.fileType', motivation: 'forms.error.required' },
        form: { name: 'job-application', values: { title: 'ms', firstName: 'Anne', lastName: 'Dupont', position: 'Agent' } },
      }),
    )
    const form = el.querySelector('.module-job-application form')!
    expect(form.querySelector('.vf-summary')!.textContent).toContain(translate('fr', 'forms.error.summary'))
    const cv = form.querySelector('input[name="cv"]') as HTMLInputElement
    expect(cv.getAttribute('aria-invalid')).toBe('true')
    const described = cv.getAttribute('aria-describedby')!.split(' ').map((id) => el.querySelector(`#${id}`)!.textContent)
    expect(described).toContain(translate('fr', 'forms.error.fileType'))
    expect((form.querySelector('input[name="position"]') as HTMLInputElement).getAttribute('value')).toBe('Agent')
  })
})
