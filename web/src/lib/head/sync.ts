// Go writes the document head of the first page (title, description,
// canonical, hreflang alternates, Open Graph…, from props.head). After a
// client-side visit the app keeps the main ones in step with the new page's
// props.head, so the tab title, the language and the links a share or a
// bookmark reads stay right.
import type { HeadProps } from '../site/types'

export function syncHead(head: HeadProps | undefined, lang: string, doc: Document = document): void {
  if (!head) return
  if (doc.title !== head.title) doc.title = head.title
  if (lang && doc.documentElement.lang !== lang) doc.documentElement.lang = lang
  setMeta(doc, 'name', 'description', head.description)
  setMeta(doc, 'name', 'robots', head.robots)
  setLink(doc, 'canonical', head.canonical)
  // Open Graph tags: only updated when Go wrote them.
  updateMeta(doc, 'og:title', head.title)
  updateMeta(doc, 'og:description', head.description)
  updateMeta(doc, 'og:url', head.canonical)
  updateMeta(doc, 'og:image', head.image)
  updateMeta(doc, 'og:type', head.type)
  updateMeta(doc, 'og:locale', head.locale)
  const alternates = doc.head.querySelectorAll('link[rel="alternate"][hreflang]')
  const same =
    alternates.length === (head.alternates?.length ?? 0) &&
    (head.alternates ?? []).every((a, i) => alternates[i].getAttribute('hreflang') === a.lang && alternates[i].getAttribute('href') === a.href)
  if (!same) {
    alternates.forEach((el) => el.remove())
    for (const a of head.alternates ?? []) {
      const el = doc.createElement('link')
      el.rel = 'alternate'
      el.hreflang = a.lang
      el.href = a.href
      doc.head.appendChild(el)
    }
  }
}

function setMeta(doc: Document, attr: string, key: string, content: string | undefined) {
  let el = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`)
  if (!content) {
    el?.remove()
    return
  }
  if (!el) {
    el = doc.createElement('meta')
    el.setAttribute(attr, key)
    doc.head.appendChild(el)
  }
  if (el.getAttribute('content') !== content) el.setAttribute('content', content)
}

function updateMeta(doc: Document, property: string, content: string | undefined) {
  const el = doc.head.querySelector(`meta[property="${property}"]`)
  if (el && content !== undefined && el.getAttribute('content') !== content) el.setAttribute('content', content)
}

function setLink(doc: Document, rel: string, href: string | undefined) {
  let el = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`)
  if (!href) {
    el?.remove()
    return
  }
  if (!el) {
    el = doc.createElement('link')
    el.rel = rel
    doc.head.appendChild(el)
  }
  if (el.getAttribute('href') !== href) el.setAttribute('href', href)
}
