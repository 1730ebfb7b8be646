// Server markup read as a document, in tests: an attribute by its name, whatever the runtime's spelling
// (React writes srcSet, inert="" and its own attribute order; Preact's layer srcset, inert, class last).

/** markup as a document fragment. */
export function dom(markup: string): DocumentFragment {
  const t = document.createElement('template')
  t.innerHTML = markup
  return t.content
}

/** An element's attributes by lower-case name ({} for none). */
export function attrs(el: Element | null | undefined): Record<string, string> {
  return Object.fromEntries([...(el?.attributes ?? [])].map((a) => [a.name.toLowerCase(), a.value]))
}
