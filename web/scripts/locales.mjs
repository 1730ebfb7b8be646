// The translations, internal/domain/i18n/locales/<lang>/<namespace>.json, as JS
// modules for both bundles: `import locales from 'virtual:immo-locales'`
// gives { [lang]: { [namespace]: {...} } } (the server bundle and the tests
// take every language), 'virtual:immo-locales/fr' one language's
// { [namespace]: {...} } (the browser loads the page's language only). Go
// embeds the same files (internal/domain/i18n), so server and browser say the same
// words.
//
// Vite (client build and Vitest) gets it through localesVitePlugin, esbuild
// (the QuickJS server bundle) through localesEsbuildPlugin: esbuild has no
// import.meta.glob, and one module id keeps both builds identical.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const LOCALES_ID = 'virtual:immo-locales'
export const LOCALES_DIR = fileURLToPath(new URL('../../internal/domain/i18n/locales/', import.meta.url))
// Namespaces only Go reads: the mails' texts, which no page shows, and the
// owners' and the registrants' pages' (account, registrant), which Go sends in
// those pages' props (route's AccountTexts) so that no other page's first
// load carries them, and the agency's inbox's (admin), which Go sends in the
// inbox's props: not one byte of it reaches a visitor's page, and the
// configuration's problems (siteconfig), which Go says in the staff's
// language (site.FieldError.In), and the site editor's labels and hints
// (siteeditor), which Go sends in the inbox's props too. They stay out of
// both bundles.
export const GO_ONLY_NAMESPACES = ['mail', 'account', 'registrant', 'admin', 'siteconfig', 'siteeditor']

/** Reads every locales/<lang>/<ns>.json but the Go-only ones; returns the data and the files read. */
export function readLocales(dir = LOCALES_DIR) {
  const data = {}
  const files = []
  for (const lang of readdirSync(dir).sort()) {
    if (!statSync(join(dir, lang)).isDirectory()) continue
    data[lang] = {}
    for (const name of readdirSync(join(dir, lang)).sort()) {
      if (!name.endsWith('.json') || GO_ONLY_NAMESPACES.includes(name.slice(0, -'.json'.length))) continue
      const file = join(dir, lang, name)
      files.push(file)
      try {
        data[lang][name.slice(0, -'.json'.length)] = JSON.parse(readFileSync(file, 'utf8'))
      } catch (err) {
        throw new Error(`${file}: ${err.message}`, { cause: err })
      }
    }
  }
  return { data, files }
}

/** The module source: one JSON object, parsed once (JSON.parse is faster to load than an object literal). */
export function localesModule(data) {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))})\n`
}

const ID_RE = /^virtual:immo-locales(?:\/([a-z]{2}))?$/

/** The source of module id, or undefined when id is not ours. */
function load(id) {
  const m = ID_RE.exec(id)
  if (!m) return undefined
  const { data, files } = readLocales()
  if (m[1] && !data[m[1]]) throw new Error(`${id}: no ${m[1]} folder in ${LOCALES_DIR}`)
  return { code: localesModule(m[1] ? data[m[1]] : data), files }
}

/** Vite plugin (client build, Vitest). */
export function localesVitePlugin() {
  return {
    name: 'immo-locales',
    resolveId(id) {
      return ID_RE.test(id) ? '\0' + id : undefined
    },
    load(id) {
      const out = id.startsWith('\0') ? load(id.slice(1)) : undefined
      if (!out) return undefined
      out.files.forEach((f) => this.addWatchFile(f))
      return out.code
    },
  }
}

/** esbuild plugin (server bundle). */
export function localesEsbuildPlugin() {
  return {
    name: 'immo-locales',
    setup(b) {
      b.onResolve({ filter: ID_RE }, (args) => ({ path: args.path, namespace: 'immo-locales' }))
      b.onLoad({ filter: /.*/, namespace: 'immo-locales' }, (args) => {
        const out = load(args.path)
        return { contents: out.code, loader: 'js', watchFiles: out.files }
      })
    },
  }
}
