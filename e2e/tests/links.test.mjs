// Link crawler: every kind of page in the four languages, every same-site
// link on it (a[href], link[rel=canonical|alternate]) must answer 200, or
// redirect to a 200. A site links only to pages it has (SPEC §2; GUIDE:
// "no link to a page that does not exist"). Plain fetch of the server's
// HTML: the browser renders the same links when it hydrates.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fetchDocument } from '../lib/html.mjs'
import { useServer } from '../lib/server.mjs'
import { slow } from '../lib/patience.mjs'

const LANGS = ['nl', 'fr', 'en', 'de']
const CONCURRENCY = 4

/** Same-site hrefs of a document: anchors, canonical and alternates, entities decoded. */
function linksOf(html) {
  const out = []
  const decode = (s) => s.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"')
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) out.push({ kind: 'a', href: decode(m[1]) })
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = /\srel="([^"]*)"/i.exec(m[0])?.[1]
    const href = /\shref="([^"]*)"/i.exec(m[0])?.[1]
    if (href && (rel === 'canonical' || rel === 'alternate')) out.push({ kind: rel, href: decode(href) })
  }
  return out
}

/** The address to fetch for href on page, or null when it leaves the site (another host, mailto:, tel:, #). */
function target(href, page, server) {
  if (href.startsWith('#')) return null
  const u = new URL(href, page)
  if (!/^https?:$/.test(u.protocol)) return null
  const own = new URL(server.origin)
  // Canonical addresses name the site by its public host (localhost when none is configured).
  const sameSite = u.origin === own.origin || (u.port === own.port && ['localhost', '127.0.0.1'].includes(u.hostname))
  if (!sameSite) return null
  u.hash = ''
  return own.origin + u.pathname + u.search
}

/** The pages to visit in lang, found from the site itself (page objects). */
async function pagesIn(lang, server) {
  const get = async (path) => {
    const doc = await fetchDocument(server.url + path)
    assert.ok(doc.page, `${path}: no page object`)
    return doc.page.props
  }
  const home = await get(`/${lang}/`)
  const links = home.site.links
  const menu = home.site.menu ?? []
  const pages = [`/${lang}/`, links.sale, links.rent, links.sold, `${links.sale}?view=map`, `${links.sale}?page=2`]
  const firstCard = async (list) => (await get(list)).items?.[0]?.href
  pages.push(await firstCard(links.sale), await firstCard(links.rent), await firstCard(links.sold))
  const projectsList = menu.find((l) => /projec|projet|projekt/i.test(l.href))?.href
  assert.ok(projectsList, `${lang}: no projects page in the menu`)
  pages.push(projectsList)
  const projects = (await get(projectsList)).modules?.flatMap((m) => m.projects ?? []) ?? []
  const ownProject = projects.find((p) => !p.External)
  assert.ok(ownProject, `${lang}: no project with a page of its own`)
  pages.push(ownProject.href)
  const contact = menu.find((l) => /contact|kontakt/i.test(l.href))?.href
  assert.ok(contact, `${lang}: no contact page in the menu`)
  pages.push(contact)
  pages.push(...(home.site.footer.legal ?? []).map((l) => l.href))
  pages.push(lang === 'fr' ? '/fr/merci/contact-me/' : `/${lang}/feedback/contact-me/`)
  for (const p of pages) assert.ok(p, `${lang}: a page kind was not found: ${JSON.stringify(pages)}`)
  return pages
}

/** Runs fn over items, n at a time. */
async function pool(items, n, fn) {
  const queue = [...items]
  await Promise.all(Array.from({ length: n }, async () => {
    while (queue.length) await fn(queue.shift())
  }))
}

describe('links', () => {
  const server = useServer()

  it('every same-site link of every page kind in nl, fr, en and de answers 200', { timeout: slow(240_000) }, async () => {
    await server.start()
    const visits = []
    for (const lang of LANGS) {
      for (const path of await pagesIn(lang, server)) visits.push({ path, status: 200 })
      visits.push({ path: `/${lang}/nowhere-at-all/`, status: 404 }) // the 404 page's links count too
    }

    const linkedFrom = new Map() // target → [page (kind) href]
    const problems = []
    await pool(visits, CONCURRENCY, async ({ path, status }) => {
      const page = server.url + path
      const doc = await fetchDocument(page)
      if (doc.status !== status) problems.push(`${path} answered ${doc.status}, expected ${status}`)
      for (const { kind, href } of linksOf(doc.html)) {
        const t = target(href, page, server)
        if (!t) continue
        if (!linkedFrom.has(t)) linkedFrom.set(t, [])
        linkedFrom.get(t).push(`${path} (${kind} ${href})`)
      }
    })
    assert.ok(linkedFrom.size > 100, `only ${linkedFrom.size} distinct links found: the crawler found too little`)

    await pool([...linkedFrom.keys()], CONCURRENCY, async (t) => {
      let res
      try {
        res = await fetch(t, { redirect: 'follow', headers: { Accept: 'text/html' } })
        await res.arrayBuffer()
      } catch (err) {
        problems.push(`${t}: ${err.message}\n    linked from ${linkedFrom.get(t).slice(0, 3).join('\n    linked from ')}`)
        return
      }
      if (res.status !== 200) {
        const from = linkedFrom.get(t)
        problems.push(`${t.slice(server.origin.length)} answers ${res.status}${res.redirected ? ` (after redirect to ${res.url})` : ''}\n    linked from ${from.slice(0, 4).join('\n    linked from ')}${from.length > 4 ? `\n    … and ${from.length - 4} more` : ''}`)
      }
    })
    assert.deepEqual(problems, [], `dead links:\n${problems.join('\n')}`)
  })

  it('no page links to another language than its own', { timeout: slow(120_000) }, async () => {
    await server.start()
    const problems = []
    for (const lang of LANGS) {
      const pages = await pagesIn(lang, server)
      await pool(pages, CONCURRENCY, async (path) => {
        const page = server.url + path
        const doc = await fetchDocument(page)
        for (const { kind, href } of linksOf(doc.app ?? '')) {
          if (kind !== 'a') continue
          const t = target(href, page, server)
          if (!t) continue
          const p = new URL(t).pathname
          const other = LANGS.find((l) => l !== lang && p.startsWith(`/${l}/`))
          // The language switcher links the same page in each language, and says so with hreflang.
          const switcher = new RegExp(`<a\\b[^>]*hrefLang="${other}"[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`, 'i').test(doc.app)
          if (other && !switcher) problems.push(`${path}: ${href} leads to ${other}`)
        }
      })
    }
    assert.deepEqual(problems, [], problems.join('\n'))
  })
})
