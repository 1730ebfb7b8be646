// Configured pages (issue 11): a child page with its scoped CSS, sub menu
// and modules; an unpublished page and child (404, never linked); a
// redirect page (301 to its address); a module hidden by its display
// condition (absent from the markup, not hidden by CSS); the legal pages
// and their aliases in nl, fr, en and de.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { needsChromium, openContext, useBrowser, waitForHydration } from '../lib/browser.mjs'
import { fetchDocument, hrefsIn } from '../lib/html.mjs'
import { useServer } from '../lib/server.mjs'

const ABOUT = { nl: '/nl/over-ons/', fr: '/fr/a-propos/', en: '/en/about-us/', de: '/de/ueber-uns/' }
const TEAM = { nl: '/nl/over-ons/team/', fr: '/fr/a-propos/equipe/', en: '/en/about-us/team/', de: '/de/ueber-uns/team/' }
const TEAM_TITLE = { nl: 'Ons team', fr: 'Notre équipe', en: 'Our team', de: 'Unser Team' }
const HIDDEN = { nl: 'Groot huuraanbod', fr: 'Grand choix de locations', en: 'A large rental choice', de: 'Große Auswahl an Mietobjekten' }
const SHOWN = { nl: 'Nu te koop', fr: 'À vendre maintenant', en: 'For sale now', de: 'Jetzt zu verkaufen' }
const GONE = {
  nl: ['/nl/oude-aanbiedingen/', '/nl/over-ons/geschiedenis/'],
  fr: ['/fr/anciennes-offres/', '/fr/a-propos/historique/'],
  en: ['/en/old-offers/', '/en/about-us/history/'],
  de: ['/de/alte-angebote/', '/de/ueber-uns/geschichte/'],
}
const REDIRECT = { nl: ['/nl/kantoor/', '/nl/over-ons/'], fr: ['/fr/agence/', '/fr/a-propos/'], en: ['/en/agency/', '/en/about-us/'], de: ['/de/buero/', '/de/ueber-uns/'] }
const LANGS = ['nl', 'fr', 'en', 'de']

const h1Count = (markup) => (markup.match(/<h1[\s>]/g) ?? []).length

describe('configured pages', () => {
  const server = useServer()
  const browser = useBrowser()

  for (const lang of LANGS) {
    it(`${TEAM[lang]}: the published child page, server-rendered in ${lang}, linked from its parent and the menu`, async () => {
      await server.start()
      const doc = await fetchDocument(server.url + TEAM[lang])
      assert.equal(doc.status, 200, `GET ${TEAM[lang]}`)
      assert.equal(doc.page?.component, 'Page')
      assert.match(doc.html, new RegExp(`<html lang="${lang}"`))
      assert.ok(doc.text.includes(TEAM_TITLE[lang]), `${TEAM[lang]}: no title ${TEAM_TITLE[lang]}`)
      assert.equal(h1Count(doc.app), 1, `${TEAM[lang]}: one h1`)
      assert.match(doc.app, /<style>\.page-css-21\{/, `${TEAM[lang]}: the page's CSS under its scope`)
      const about = await fetchDocument(server.url + ABOUT[lang])
      assert.equal(about.status, 200)
      assert.ok(hrefsIn(about.html).includes(TEAM[lang]), `${ABOUT[lang]} does not link ${TEAM[lang]}`)
      assert.equal(h1Count(about.app), 1, `${ABOUT[lang]}: one h1 (the module's configured h1 is demoted)`)
    })

    it(`${lang}: unpublished page and child are 404 and linked nowhere`, async () => {
      await server.start()
      for (const path of GONE[lang]) {
        const res = await fetch(server.url + path)
        assert.equal(res.status, 404, `GET ${path}`)
      }
      const about = await fetchDocument(server.url + ABOUT[lang])
      for (const path of GONE[lang]) assert.ok(!hrefsIn(about.html).includes(path), `${ABOUT[lang]} links ${path}`)
      const sitemap = await (await fetch(server.url + '/sitemap.xml')).text()
      for (const path of GONE[lang]) assert.ok(!sitemap.includes(path), `sitemap lists ${path}`)
      assert.ok(sitemap.includes(TEAM[lang]), `sitemap lacks ${TEAM[lang]}`)
    })

    it(`${REDIRECT[lang][0]} answers 301 to ${REDIRECT[lang][1]}`, async () => {
      await server.start()
      const res = await fetch(server.url + REDIRECT[lang][0], { redirect: 'manual' })
      assert.equal(res.status, 301)
      assert.equal(res.headers.get('location'), REDIRECT[lang][1])
    })

    it(`${ABOUT[lang]}: the module whose condition fails is not in the page, the one whose condition holds is`, async () => {
      await server.start()
      const doc = await fetchDocument(server.url + ABOUT[lang])
      assert.ok(!doc.html.includes(HIDDEN[lang]), `${ABOUT[lang]}: the hidden module's title is in the document`)
      assert.ok(!doc.html.includes('module-rent-promo'), `${ABOUT[lang]}: the hidden module is in the document`)
      assert.ok(doc.text.includes(SHOWN[lang]), `${ABOUT[lang]}: the shown module is missing`)
    })
  }

  it('child page in the browser: hydrated, the scoped CSS styles the page and nothing else, the sub menu navigates', async (t) => {
    if (needsChromium(t)) return
    await server.start()
    const b = await browser.get()
    const s = await openContext(b, server.origin)
    try {
      const page = await s.context.newPage()
      await page.goto(server.url + ABOUT.de)
      const link = page.locator('.sub-menu a', { hasText: TEAM_TITLE.de })
      await waitForHydration(link)
      await link.click()
      await page.waitForURL(server.url + TEAM.de)
      await page.locator('h1', { hasText: TEAM_TITLE.de }).waitFor()
      const styles = await page.evaluate(() => {
        const inside = getComputedStyle(document.querySelector('.page-css-21 .prose h2')).color
        const list = getComputedStyle(document.querySelector('.page-css-21 .prose ul')).listStyleType
        const footerList = document.querySelector('footer ul')
        return { inside, list, footer: footerList ? getComputedStyle(footerList).listStyleType : 'none', h1: document.querySelectorAll('h1').length }
      })
      assert.equal(styles.list, 'square', "the page's CSS does not apply inside its scope")
      assert.notEqual(styles.footer, 'square', "the page's CSS leaks into the footer")
      assert.equal(styles.h1, 1)
      s.assertClean('about → team')
    } finally {
      await s.close()
    }
  })

  describe('legal pages', () => {
    const original = ['/Privacy/', '/Cookie-policy/', '/Disclaimer/']
    for (const path of original) {
      it(`${path} in the default language (fr)`, async () => {
        await server.start()
        const doc = await fetchDocument(server.url + path)
        assert.equal(doc.status, 200, `GET ${path}`)
        assert.equal(doc.page?.component, 'Legal')
        assert.match(doc.html, /<html lang="fr"/)
        assert.ok(doc.page.props.content.length > 50, `${path}: no content`)
      })
    }
    for (const lang of LANGS) {
      for (const alias of ['cookie-policy', 'privacy-statement', 'privacy', 'disclaimer']) {
        const path = `/${lang}/${alias}/`
        it(`${path}: the legal page in ${lang}, its fallback marked`, async () => {
          await server.start()
          const doc = await fetchDocument(server.url + path)
          assert.equal(doc.status, 200, `GET ${path}`)
          assert.equal(doc.page?.component, 'Legal')
          assert.match(doc.html, new RegExp(`<html lang="${lang}"`))
          const { title, titleLang, contentLang } = doc.page.props
          assert.ok(doc.text.includes(title), `${path}: title not rendered`)
          // Content in another language (German falls back) says so in its lang attribute.
          if (titleLang) assert.match(doc.app, new RegExp(`<h1 lang="${titleLang}"`))
          else assert.match(doc.app, /<h1>/)
          if (contentLang) assert.match(doc.app, new RegExp(`class="prose" lang="${contentLang}"`))
          else assert.match(doc.app, /class="prose">/)
        })
      }
    }
  })
})
