/** The portal's chart of a property's last 30 days, drawn by uPlot (model/uplot.ts). */
export interface ChartData {
  /** The chart's title (the table's caption). */
  title: string
  /** Each day's label (formatDay), oldest first. */
  labels: string[]
  /** Each day's visits, as labels. */
  counts: number[]
}

/** The lazily loaded module (model/uplot.ts). */
export interface ChartModule {
  /** Draws the chart in el; the function returned removes it. */
  drawChart(el: HTMLElement, data: ChartData): () => void
}

/**
 * Loads uPlot in its own chunk, in the browser only: the server bundle is
 * built with import.meta.env.SSR = true, the condition is constant there and
 * esbuild drops the import (QuickJS has no canvas). Keep it a conditional
 * expression (see shared/gallery/model/options.ts loadSlider).
 */
export const loadChart: () => Promise<ChartModule> = import.meta.env.SSR
  ? () => Promise.reject(new Error('no chart on the server'))
  : () => import('./uplot')

/** A day ("YYYY-MM-DD") as the page's language writes it short: 26/11, in German 26.11. */
export function formatDay(day: string, lang: string): string {
  const [, m, d] = day.split('-')
  if (!m || !d) return day
  return lang === 'de' ? `${d}.${m}.` : `${d}/${m}`
}
