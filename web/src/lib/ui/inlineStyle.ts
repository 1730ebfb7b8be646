// What a drawing library's chunk needs of the page: its stylesheet and the site's accent colour.

const added = new Set<string>()

/**
 * Puts a library's stylesheet (imported `?inline`) in the head, once: it
 * comes with the chunk that draws (a chart, a map), so only the pages that
 * draw carry it.
 */
export function addStyleOnce(css: string) {
  if (added.has(css)) return
  added.add(css)
  const style = document.createElement('style')
  style.textContent = css
  document.head.append(style)
}

/** The site's accent colour as an element's CSS has it (its configured colours), the default blue without one. */
export const accentOf = (el: HTMLElement) => getComputedStyle(el).getPropertyValue('--accent').trim() || '#1f5fa8'
