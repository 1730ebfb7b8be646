import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { type Lang, LangProvider, translate } from '../../lib/i18n'
import { PageContext, type Page } from '../../lib/router'
import { pagesIn } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import type { Project } from '../../shared/cards/model/types'
import { ProjectPage } from './components/ProjectPage'
import type { ProjectProps } from './model/types'
import { HONEYPOT_FIELD } from '../../gen/forms'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function projectPage(lang: Lang, post: Record<string, unknown> = {}): Page {
  const p = pagesIn(lang).find((x) => x.component === 'Project')!
  return { ...p, props: { ...p.props, ...post } }
}

function dom(p: Page) {
  const div = document.createElement('div')
  div.innerHTML = renderPage(p)
  return div
}

describe('the project request on the project page', () => {
  it.each(['fr', 'de'] as const)('%s: a contact-construction form at #contact after the price list, posting to the page itself', (lang) => {
    const p = projectPage(lang)
    const el = dom(p)
    const section = el.querySelector('section#contact')!
    expect(section.querySelector('h2')!.textContent).toBe(translate(lang, 'project.requestTitle'))
    const sections = [...el.querySelectorAll('.project-section')]
    expect(sections.indexOf(section)).toBe(sections.findIndex((s) => s.getAttribute('aria-labelledby') === 'project-units') + 1)
    const form = section.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`${p.url}#contact`)
    expect((form.querySelector('input[name="form"]') as HTMLInputElement).value).toBe('contact-construction')
    for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'unit', 'remark', 'contactTime', HONEYPOT_FIELD]) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    expect(form.querySelector('[name="projectId"]')).toBeNull()
    expect(form.querySelector('.altcha-box')).not.toBeNull()
  })

  it('offers "no particular unit" first, then the available units only', () => {
    const el = dom(projectPage('en'))
    const options = [...el.querySelectorAll('#contact select[name="unit"] option')].map((o) => [o.getAttribute('value'), o.textContent])
    expect(options).toEqual([
      ['', translate('en', 'project.noUnit')],
      ['M2', 'M2'],
    ])
  })

  it('the price list links each available unit, and it only, to the form', () => {
    const el = dom(projectPage('nl'))
    const links = [...el.querySelectorAll('table.units a.unit-request')]
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#contact', translate('nl', 'project.requestUnit') + translate('nl', 'project.requestUnitSuffix', { unit: 'M2' })],
    ])
    expect(links[0].hasAttribute('aria-label')).toBe(false)
    expect(links[0].closest('tr')!.getAttribute('data-status')).toBe('available')
  })

  it('after a refused post: the summary, the fields in red and what was typed, the unit kept', () => {
    const el = dom(
      projectPage('de', {
        errors: { email: 'forms.error.email' },
        form: { name: 'contact-construction', values: { lastName: 'Müller', email: 'max@', unit: 'M2', remark: 'Garten?' } },
      }),
    )
    const form = el.querySelector('#contact form')!
    expect(form.querySelector('.vf-summary')!.textContent).toContain(translate('de', 'forms.error.summary'))
    expect(form.querySelector('input[name="email"]')!.getAttribute('aria-invalid')).toBe('true')
    expect(form.querySelector('input[name="lastName"]')!.getAttribute('value')).toBe('Müller')
    expect(form.querySelector('textarea[name="remark"]')!.textContent).toBe('Garten?')
    expect(form.querySelector('select[name="unit"] option[value="M2"]')!.hasAttribute('selected')).toBe(true)
  })

  it('with JavaScript, "Request info" in the price list chooses its unit in the form', () => {
    const p = projectPage('fr')
    const props = p.props as unknown as ProjectProps
    const project: Project = {
      ...props.project,
      Units: [...(props.project.Units ?? []), { Unit: 'M3', Floor: '1', Price: 350000, Surface: 140, Status: 'available' }],
    }
    const div = document.createElement('div')
    document.body.append(div)
    const root = createRoot(div)
    act(() =>
      root.render(
        <LangProvider lang="fr">
          <PageContext.Provider value={p}>
            <ProjectPage {...props} project={project} />
          </PageContext.Provider>
        </LangProvider>,
      ),
    )
    const select = div.querySelector('#contact select[name="unit"]') as HTMLSelectElement
    expect(select.value).toBe('')
    const link = (unit: string) => [...div.querySelectorAll('a.unit-request')].find((a) => a.closest('tr')!.querySelector('th')!.textContent === unit) as HTMLAnchorElement
    act(() => link('M3').click())
    expect(select.value).toBe('M3')
    act(() => link('M2').click())
    expect(select.value).toBe('M2')
    act(() => root.unmount())
    div.remove()
  })
})
