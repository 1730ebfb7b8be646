import { act, screen, within } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../../app/App'
import { allViews } from '../../../app/pages'
import type { Lang } from '../../../lib/i18n'
import type { Page } from '../../../lib/router'
import { head, shell } from '../../../test/fixtures'
import { renderPage } from '../../../test/render'
import { formatDay } from '../model/chart'
import type { AccountProps, DayVisits } from '../model/types'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// The chart's module (uPlot draws on a canvas, which happy-dom has not): what it was asked to draw.
const drawn = vi.hoisted(() => ({ calls: [] as { el: HTMLElement; labels: string[]; counts: number[]; title: string }[], removed: 0 }))
vi.mock('../model/uplot', () => ({
  drawChart: (el: HTMLElement, d: { labels: string[]; counts: number[]; title: string }) => {
    drawn.calls.push({ el, ...d })
    el.appendChild(document.createElement('canvas'))
    return () => {
      drawn.removed++
    }
  },
}))

afterEach(() => {
  document.body.innerHTML = ''
  drawn.calls.length = 0
})

/** 30 days ending 2026-11-26, 3 visits on the 24th and 1 today. */
function last30(): DayVisits[] {
  return Array.from({ length: 30 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 10, 26 - 29 + i, 12))
    const day = d.toISOString().slice(0, 10)
    return { day, count: day === '2026-11-24' ? 3 : day === '2026-11-26' ? 1 : 0 }
  })
}

const captions: Record<Lang, string> = { nl: 'Bezoeken in de laatste 30 dagen', fr: 'Visites des 30 derniers jours', en: 'Visits in the last 30 days', de: 'Besuche in den letzten 30 Tagen' }

function portal(lang: Lang): Page {
  const props: AccountProps = {
    site: shell(lang),
    head: head('My properties', lang),
    texts: {
      'account.portal.chart': captions[lang],
      'account.portal.figures': 'Show the figures',
      'account.portal.day': 'Day',
      'account.portal.visits': 'Visits',
      'account.portal.sources': 'Where the visits came from',
      'account.portal.sourcesCaption': 'Visits by source, last 30 days',
      'account.portal.sourcesNone': 'No visit in the last 30 days.',
      'account.portal.sourceHeader': 'Source',
      'account.portal.sourceNames.direct': 'Direct',
      'account.portal.sourceNames.search': 'Search engine',
      'account.portal.demands': 'Matching searches',
      'account.portal.demandsMatching': 'Match your property now',
      'account.portal.demandsSale': 'Active searches to buy',
      'account.portal.demandsBudget': 'Within their budget',
      'account.portal.demandsOffline': 'Not in our listings',
      'account.portal.history': 'Requests about this property',
      'account.portal.historyCaption': 'Requests, newest first',
      'account.portal.historyNone': 'No request yet.',
      'account.portal.historyMore': 'The {{shown}} most recent of {{total}} requests.',
      'account.portal.date': 'Date',
      'account.portal.type': 'Type',
      'account.portal.contact': 'Contact',
      'account.portal.subject': 'Subject',
      'account.portal.comment': 'Comment',
      'account.portal.status': 'Status',
      'account.portal.kinds.contact-appointment': 'Visit',
      'account.portal.kinds.contact-me': 'Information',
      'account.portal.subjects.contact-appointment': 'Visit request',
      'account.portal.subjects.contact-me': 'Information request',
      'account.portal.statuses.booked': 'Visit booked: {{date}}',
      'account.portal.statuses.received': 'Received',
    },
    page: 'portal',
    title: 'My properties',
    action: `/${lang}/owner/`,
    name: 'Ann',
    properties: [
      {
        id: 4100001,
        title: 'Villa',
        city: 'Arlon',
        online: true,
        url: `/${lang}/x/`,
        today: 1,
        week: 4,
        month: 4,
        total: 9,
        last30: last30(),
        sources: [
          { source: 'direct', count: 1 },
          { source: 'search', count: 3 },
          { source: 'portal', count: 0 },
        ],
        demands: { goal: 'sale', searching: 7, matching: 2, budget: 5, zone: 4, type: 6, rooms: 3 },
        history: [
          { time: '2026-11-25T13:00:00Z', date: '25/11/2026 14:00', kind: 'contact-appointment', contact: 'Marie D.', comment: '', status: 'booked', visit: '2026-11-28T09:00:00Z', visitDate: '28/11/2026 10:00' },
          { time: '2026-11-20T08:00:00Z', date: '20/11/2026 09:00', kind: 'contact-me', contact: 'Jan P.', comment: 'Is the garden south-facing?', status: 'received' },
        ],
        requests: 60,
      },
      { id: 4100002, online: false, today: 0, week: 0, month: 0, total: 0, last30: null, sources: null, demands: null, history: null, requests: 0 },
    ],
  }
  return { component: 'Account', url: `/${lang}/owner/`, props: props as unknown as Record<string, unknown>, version: 'test' }
}

async function hydrate(p: Page) {
  const container = document.createElement('div')
  container.innerHTML = renderPage(p)
  document.body.appendChild(container)
  const onRecoverableError = vi.fn()
  await act(async () => {
    hydrateRoot(container, <App initialPage={p} router={null} views={allViews} />, { onRecoverableError })
  })
  expect(onRecoverableError).not.toHaveBeenCalled()
  return container
}

describe('owner portal: the last 30 days', () => {
  it('the server renders the table of the 30 days, no chart', () => {
    const div = document.createElement('div')
    div.innerHTML = renderPage(portal('en'))
    const tables = div.querySelectorAll('.owner-property .owner-figures table')
    expect(tables).toHaveLength(1) // the property without days has none
    const table = tables[0]
    expect(table.querySelector('caption')?.textContent).toBe('Visits in the last 30 days')
    const rows = [...table.querySelectorAll('tbody tr')]
    expect(rows).toHaveLength(30)
    expect([...rows[29].children].map((c) => c.textContent)).toEqual(['26/11', '1'])
    expect([...rows[27].children].map((c) => c.textContent)).toEqual(['24/11', '3'])
    expect(rows[0].querySelector('time')?.getAttribute('datetime')).toBe('2026-10-28')
    expect(div.querySelector('.owner-chart-plot')?.getAttribute('aria-hidden')).toBe('true')
    expect(div.querySelector('.owner-chart-plot canvas')).toBeNull()
    expect(drawn.calls).toHaveLength(0)
  })

  it('hydrated, the chart is drawn in the browser, hidden from screen readers; the table stays', async () => {
    const c = await hydrate(portal('de'))
    await act(async () => {
      await vi.waitFor(() => expect(drawn.calls).toHaveLength(1))
    })
    const call = drawn.calls[0]
    expect(call.title).toBe('Besuche in den letzten 30 Tagen')
    expect(call.labels[29]).toBe('26.11.')
    expect(call.counts).toEqual(last30().map((d) => d.count))
    expect(call.el.getAttribute('aria-hidden')).toBe('true')
    expect(c.querySelector('.owner-chart-plot canvas')).not.toBeNull()
    const table = screen.getByRole('table', { hidden: true, name: 'Besuche in den letzten 30 Tagen' })
    expect(within(table).getByText('Besuche in den letzten 30 Tagen')).toBeTruthy()
    expect(table.querySelectorAll('tbody tr')).toHaveLength(30)
    expect(c.querySelector('.owner-figures summary')?.textContent).toBe('Show the figures')
  })

  it('formats a day in the page language', () => {
    expect(formatDay('2026-11-26', 'fr')).toBe('26/11')
    expect(formatDay('2026-11-26', 'nl')).toBe('26/11')
    expect(formatDay('2026-11-26', 'de')).toBe('26.11.')
  })
})

describe('owner portal: sources, matching demands, history', () => {
  function rendered() {
    const div = document.createElement('div')
    div.innerHTML = renderPage(portal('en'))
    const [first, second] = [...div.querySelectorAll<HTMLElement>('.owner-property')]
    return { first, second }
  }

  it('lists the sources with visits under a caption, each with its count', () => {
    const { first, second } = rendered()
    const table = first.querySelector('.owner-sources table')!
    expect(table.querySelector('caption')?.textContent).toBe('Visits by source, last 30 days')
    expect([...table.querySelectorAll('thead th')].map((th) => th.getAttribute('scope'))).toEqual(['col', 'col'])
    const rows = [...table.querySelectorAll('tbody tr')]
    expect(rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent])).toEqual([
      ['Direct', '1'],
      ['Search engine', '3'],
    ])
    expect(rows[0].querySelector('.owner-bar')?.getAttribute('aria-hidden')).toBe('true')
    expect(second.querySelector('.owner-sources')?.textContent).toContain('No visit in the last 30 days.')
  })

  it('shows the matching demands as counts, and says so for a listing offline', () => {
    const { first, second } = rendered()
    const counts = Object.fromEntries([...first.querySelectorAll('.owner-demands dl > div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]))
    expect(counts['Match your property now']).toBe('2')
    expect(counts['Active searches to buy']).toBe('7')
    expect(counts['Within their budget']).toBe('5')
    expect(first.querySelectorAll('.owner-demands dd')).toHaveLength(6)
    expect(second.querySelector('.owner-demands')?.textContent).toContain('Not in our listings')
  })

  it('the history is a table with its six columns, newest first, a booked visit with its slot', () => {
    const { first, second } = rendered()
    const table = first.querySelector('.owner-history table')!
    expect(table.querySelector('caption')?.textContent).toBe('Requests, newest first')
    expect([...table.querySelectorAll('thead th[scope="col"]')].map((th) => th.textContent)).toEqual(['Date', 'Type', 'Contact', 'Subject', 'Comment', 'Status'])
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    expect(cells).toEqual([
      ['25/11/2026 14:00', 'Visit', 'Marie D.', 'Visit request', '—', 'Visit booked: 28/11/2026 10:00'],
      ['20/11/2026 09:00', 'Information', 'Jan P.', 'Information request', 'Is the garden south-facing?', 'Received'],
    ])
    expect(table.querySelector('tbody time')?.getAttribute('datetime')).toBe('2026-11-25T13:00:00Z')
    expect(table.querySelector('tbody td')?.getAttribute('data-label')).toBe('Date')
    expect(first.querySelector('.owner-history')?.textContent).toContain('The 2 most recent of 60 requests.')
    expect(second.querySelector('.owner-history')?.textContent).toContain('No request yet.')
    expect(second.querySelector('.owner-history table')).toBeNull()
  })

  it('hydrates without a mismatch', async () => {
    await hydrate(portal('nl'))
    expect(document.querySelectorAll('.owner-history tbody tr')).toHaveLength(2)
  })
})
