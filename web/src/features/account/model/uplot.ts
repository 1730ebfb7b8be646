// uPlot, loaded on demand (chart.ts loadChart): a chunk of its own, with
// its CSS, that only the owner portal fetches, after hydration. The CSS is
// put in the page by the chunk (the CSP allows inline styles), not bundled
// into the one stylesheet every public page loads.
import uPlot from 'uplot'
import uPlotCss from 'uplot/dist/uPlot.min.css?inline'
import { accentOf, addStyleOnce } from '../../../lib/ui/inlineStyle'
import type { ChartData } from './chart'

const HEIGHT = 180

export function drawChart(el: HTMLElement, d: ChartData): () => void {
  addStyleOnce(uPlotCss)
  const color = accentOf(el)
  const width = () => Math.max(240, Math.floor(el.clientWidth))
  const xs = d.counts.map((_, i) => i)
  const u = new uPlot(
    {
      title: d.title,
      width: width(),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, xs.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        { incrs: [1, 2, 3, 5, 7, 10], space: 48, values: (_u, splits) => splits.map((i) => d.labels[i] ?? '') },
        { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000], values: (_u, splits) => splits.map(String) },
      ],
      series: [{}, { label: d.title, fill: color, stroke: color, paths: uPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } }],
    },
    [xs, d.counts],
    el,
  )
  const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => u.setSize({ width: width(), height: HEIGHT }))
  ro?.observe(el)
  return () => {
    ro?.disconnect()
    u.destroy()
  }
}
