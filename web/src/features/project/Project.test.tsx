import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LangProvider, tFor, type Lang } from '../../lib/i18n'
import { PageContext } from '../../lib/router'
import { head, shell } from '../../test/fixtures'
import { Modules } from '../../shared/modules'
import type { ModuleView } from '../../shared/modules/model/types'
import type { Project, ProjectCard } from '../../shared/cards/model/types'
import { projectPrices } from '../../shared/cards/model/prices'
import { ProjectPage } from './components/ProjectPage'
import { attrs, dom } from '../../test/markup'

const projectUrl = '/fr/project/?id=5200002'
// The page context: the project request posts to the page's own address.
const wrap = (el: React.ReactNode, lang: Lang = 'fr') => (
  <LangProvider lang={lang}>
    <PageContext.Provider value={{ component: 'Project', props: {}, url: projectUrl, version: null }}>{el}</PageContext.Provider>
  </LangProvider>
)

const full: Project = {
  ID: 5200002, Name: { fr: 'Les Jardins de Schoppach' }, ProjectNumber: 'P-2025-02', PublicAddress: true, Street: 'Rue de Schoppach', HouseNumber: '20',
  Zip: '6700', City: 'Arlon',
  SmallPictureItem: { Url: '/pictures/demo/residence-01.jpg', Width: 250, Height: 167 },
  XLargePictureItem: { Url: '/pictures/demo/residence-01.jpg', Width: 1600, Height: 1067 },
  Pictures: [
    { Url: '/pictures/demo/residence-01.jpg', Name: 'Façade', Width: 1600, Height: 1067 },
    { Url: '/pictures/demo/residence-02.jpg', Width: 1600, Height: 1067 },
  ],
  PriceFrom: 289000, PriceTo: 412000,
  Constructions: [{ Name: { fr: 'Bloc A', en: 'Block A' }, Description: { fr: 'Huit appartements' } }],
  Documents: [{ ID: 7, Name: { fr: 'Cahier des charges', en: 'Specifications' } }],
  Units: [
    { Unit: 'A.01', Floor: '0', Price: 289000, Surface: 82, Bedrooms: 2, Status: 'available' },
    { Unit: 'A.02', Floor: '0', Price: 305000, Surface: 91, Bedrooms: 2, Status: 'sold' },
    { Unit: 'A.11', Floor: '1', Price: 412000, Surface: 118, Bedrooms: 3, Status: 'soldout' },
  ],
}

function page(project: Project, lang: Lang = 'fr') {
  return renderToString(
    wrap(<ProjectPage project={project} name="Les Jardins de Schoppach" description={'Deux bâtiments.\n\nBasse énergie.'} delivery="Printemps 2027" site={shell(lang)} head={head('Projet', lang)} />, lang),
  )
}

// What a screen reader reads: the phone layout's column names (aria-hidden) left out.
/** The page's text as a reader hears it: the price list's cell labels (for narrow screens, hidden from readers) left out. */
const text = (html: string) => {
  const d = dom(html)
  d.querySelectorAll('.cell-label[aria-hidden="true"]').forEach((label) => label.remove())
  const words: string[] = []
  const walk = document.createTreeWalker(d, NodeFilter.SHOW_TEXT)
  while (walk.nextNode()) words.push(walk.currentNode.nodeValue ?? '')
  return ` ${words.join(' ')} `.replace(/\s+/g, ' ')
}

describe('ProjectPage', () => {
  it('shows the price list with sold and sold-out units', () => {
    const html = page(full)
    const t = text(html)
    expect(t).toContain('Liste de prix')
    expect(t).toMatch(/A\.01 0 2 82 m² € 289\.000 Disponible/)
    expect(t).toMatch(/A\.02 0 2 91 m² – Vendu/)
    expect(t).toMatch(/A\.11 1 3 118 m² – Épuisé/)
    expect(html).toContain('data-status="soldout"')
    expect(t).toContain('De € 289.000 à € 412.000')
    expect(t).toContain('Printemps 2027')
    expect(t).toContain('1 sur 3')
    expect(t).toContain('Rue de Schoppach 20, 6700 Arlon')
  })

  it('names each cell of the price list for the phone layout, hidden from screen readers', () => {
    const div = document.createElement('div')
    div.innerHTML = page(full, 'en')
    const headers = [...div.querySelectorAll('.units thead th')].map((th) => th.textContent)
    for (const row of div.querySelectorAll('.units tbody tr')) {
      const cells = [...row.querySelectorAll('td')]
      expect(cells.map((td) => td.querySelector('.cell-label')!.textContent)).toEqual(headers.slice(1))
      for (const td of cells) expect(td.querySelector('.cell-label')!.getAttribute('aria-hidden')).toBe('true')
    }
    expect(headers).toEqual(['Unit', 'Floor', 'Bedrooms', 'Area', 'Price', 'Status'])
  })

  it('lists constructions, photos (sized) and documents to ask for by e-mail', () => {
    const html = page(full)
    expect(text(html)).toContain('Bloc A')
    expect(html).toContain('/pictures/demo/residence-02.jpg?width=600&amp;height=auto&amp;format=webp')
    expect(html).toContain('alt="Les Jardins de Schoppach – Façade"')
    expect(html).toMatch(/<a[^>]*href="mailto:info@immo-arlon.be\?subject=Demande%20de%20document%20%3A%20Cahier%20des%20charges[^"]*"[^>]*target="_blank" rel="noopener"/)
  })

  it('says so where a list is empty', () => {
    const t = text(page({ ...full, Pictures: [], XLargePictureItem: { Url: '' }, Constructions: undefined, Documents: [], Units: [] }, 'en'))
    expect(t).toContain('No photo was found')
    expect(t).toContain('No construction was found')
    expect(t).toContain('No documents')
    expect(t).toContain('No units are currently available')
  })

  it('prices: a range, a start, one price or none', () => {
    const t = tFor('en')
    expect(projectPrices(t, 412000, 289000)).toBe('From € 289.000 to € 412.000')
    expect(projectPrices(t, 289000)).toBe('From € 289.000')
    expect(projectPrices(t, 289000, 289000)).toBe('€ 289.000')
    expect(projectPrices(t)).toBe('')
  })
})

describe('project-list module', () => {
  const card = (over: Partial<ProjectCard>): ProjectCard => ({
    ID: 5200002, Name: 'Les Jardins de Schoppach', City: 'Arlon', Zip: '6700', Delivery: 'Printemps 2027', PriceFrom: 289000, PriceTo: 412000,
    SmallPictureItem: { Url: '/pictures/demo/residence-01.jpg', Width: 250, Height: 167 }, XLargePictureItem: { Url: '' }, UnitsTotal: 8, UnitsAvailable: 5, href: '/fr/project/?id=5200002', ...over,
  })
  const module = (projects: ProjectCard[]): ModuleView => ({ id: 10, view: 'project-list', title: 'Projets neufs', titleSize: 'h1', numberItemOfRow: 0, maxItems: 0, projects })
  const render = (projects: ProjectCard[], lang: Lang = 'fr') =>
    renderToString(wrap(<Modules modules={[module(projects)]} lang={lang} agency={shell(lang).agency} minLevel={2} pageTitle="Projets" />, lang))

  it('cards: picture, name, city, prices, delivery, units available of total', () => {
    const html = render([card({})])
    const t = text(html)
    const d = dom(html)
    expect(attrs(d.querySelector('h2'))).toEqual({ class: 'module-title', id: 'module-10' })
    expect(d.querySelector('h2')?.textContent).toBe('Projets neufs')
    expect(attrs(d.querySelector('h3.card-title > a'))).toEqual({ class: 'card-link', href: '/fr/project/?id=5200002' })
    expect(d.querySelector('h3.card-title')?.textContent).toBe('Les Jardins de Schoppach')
    expect(html).toContain('/pictures/demo/residence-01.jpg?width=400&amp;height=auto&amp;format=webp')
    expect(t).toContain('6700 Arlon')
    expect(t).toContain('De € 289.000 à € 412.000')
    expect(t).toContain('Printemps 2027')
    expect(t).toContain('5 sur 8')
  })

  it('an external project links to its own site in a new tab', () => {
    const html = render([card({ ID: 5200001, External: true, href: 'https://www.residence-exemple.be/' })])
    expect(attrs(dom(html).querySelector('a.card-link'))).toEqual({ href: 'https://www.residence-exemple.be/', class: 'card-link', target: '_blank', rel: 'noopener' })
    expect(text(html)).toContain("(s'ouvre dans un nouvel onglet)")
  })

  it('says when there is no project', () => {
    expect(text(render([], 'en'))).toContain('No projects are currently available')
    expect(text(render([], 'nl'))).toContain('Er zijn momenteel geen projecten beschikbaar')
  })
})
