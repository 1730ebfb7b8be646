import { useEffect, useRef } from 'react'
import { formatDay, loadChart } from '../model/chart'
import type { DayVisits } from '../model/types'

interface Props {
  days: DayVisits[]
  lang: string
  /** The caption, the chart's title. */
  title: string
  /** The toggle's words, the columns'. */
  show: string
  day: string
  visits: string
}

/**
 * A property's visits of the last 30 days: a uPlot bar chart, drawn in the
 * browser only (after hydration; hidden from screen readers), above a table
 * of the same figures, always rendered, in a details that opens it.
 */
export function VisitsChart({ days, lang, title, show, day, visits }: Props) {
  const chart = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = chart.current
    if (!el || days.length === 0) return
    let gone = false
    let remove: (() => void) | undefined
    loadChart()
      .then((m) => {
        if (!gone) remove = m.drawChart(el, { title, labels: days.map((d) => formatDay(d.day, lang)), counts: days.map((d) => d.count) })
      })
      .catch(() => {}) // no chart (no canvas): the table has the figures
    return () => {
      gone = true
      remove?.()
    }
  }, [days, lang, title])
  if (days.length === 0) return null
  return (
    <div className="owner-chart">
      <div ref={chart} className="owner-chart-plot" aria-hidden="true" />
      <details className="owner-figures">
        <summary>{show}</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{day}</th>
              <th scope="col">{visits}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{formatDay(d.day, lang)}</time>
                </th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
}
