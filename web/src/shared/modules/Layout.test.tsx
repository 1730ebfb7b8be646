import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LangProvider } from '../../lib/i18n'
import type { Agency } from '../../lib/site/types'
import type { ModuleView } from './model/types'
import { Modules } from './components/Modules'

const agency: Agency = { name: 'Immo Arlon', phone: '', phoneText: '', email: '', street: '', zip: '', city: '' }
const m = (id: number, over: Partial<ModuleView>): ModuleView => ({ id, view: '', title: `Module ${id}`, numberItemOfRow: 0, maxItems: 0, ...over })

function show(modules: ModuleView[]) {
  return render(
    <LangProvider lang="en">
      <Modules modules={modules} lang="en" agency={agency} />
    </LangProvider>,
  ).container
}

describe('module layout', () => {
  it('full-width modules stand alone, narrower neighbours share a 12-column row', () => {
    const c = show([m(1, {}), m(2, { col: { sm: 12, md: 6, lg: 4 } }), m(3, { col: { sm: 12, md: 6, lg: 8 } }), m(4, { col: { sm: 12, md: 12, lg: 12 } })])
    const rows = c.querySelectorAll('.module-row')
    expect(rows).toHaveLength(1)
    expect(rows[0].querySelectorAll('section')).toHaveLength(2)
    const second = rows[0].querySelector('section') as HTMLElement
    expect(second.style.getPropertyValue('--col-md')).toBe('6')
    expect(second.style.getPropertyValue('--col-lg')).toBe('4')
    expect(c.querySelectorAll(':scope > section')).toHaveLength(2)
  })

  it('a configured h1 is demoted below the page title: one h1 per page', () => {
    show([m(1, { titleSize: 'h1' }), m(2, { titleSize: 'h3' })])
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0)
    expect(screen.getByRole('heading', { level: 2, name: 'Module 1' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Module 2' })).toBeInTheDocument()
  })

  it('backgrounds: colour, picture, gallery; descriptions as HTML above and below', () => {
    const c = show([
      m(1, { background: { type: 'color', color: '#eef4f8' }, class: 'promo', description: '<p>Top <strong>deal</strong></p>', description2: '<p>Small print</p>' }),
      m(2, { background: { type: 'image', image: '/pictures/demo/house-03.jpg' } }),
      m(3, { background: { type: 'gallery', images: ['/pictures/demo/a.jpg', '/pictures/demo/b.jpg'] } }),
    ])
    const [color, image, gallery] = [...c.querySelectorAll('section')] as HTMLElement[]
    expect(color).toHaveClass('module-bg-color', 'promo')
    expect(color.style.backgroundColor).toMatch(/^(#eef4f8|rgb\(238, 244, 248\))$/)
    expect(color.querySelector('.module-description strong')).toHaveTextContent('deal')
    expect(color.querySelector('.module-description2')).toHaveTextContent('Small print')
    expect(image).toHaveClass('module-bg-image')
    expect(image.style.backgroundImage).toContain('/pictures/demo/house-03.jpg?width=1920')
    expect(gallery.querySelectorAll('.module-gallery img')).toHaveLength(2)
    expect(gallery.querySelector('.module-gallery')).toHaveAttribute('aria-hidden', 'true')
  })
})
