// The server bundle and the tests render every deferred form whole, at once
// (src/shared/forms/deferred.tsx): to each `deferredForm(() => import('X'))`
// of a source file this adds the module itself, imported statically, as the
// second argument — `deferredForm(() => import('X'), preloaded)`. The
// browser's build is left as written, so there each form is a chunk of its
// own, loaded when the page needs it.
//
// esbuild (the QuickJS server bundle) gets it through deferredEsbuildPlugin,
// Vitest through deferredVitePlugin; the client build has neither.
import { readFileSync } from 'node:fs'

const CALL = /deferredForm\(\s*\(\)\s*=>\s*import\(\s*(['"])(\.[^'"]+)\1\s*\)\s*\)/g

/** The source with every deferred form's module imported statically and passed as preloaded; null when it has none. */
export function preloadDeferredForms(code) {
  const imports = []
  const out = code.replace(CALL, (_, quote, spec) => {
    const id = `__preloadedForm${imports.length}`
    imports.push(`import * as ${id} from ${quote}${spec}${quote}`)
    return `deferredForm(() => import(${quote}${spec}${quote}), ${id})`
  })
  return imports.length ? `${imports.join('\n')}\n${out}` : null
}

export function deferredEsbuildPlugin() {
  return {
    name: 'immo-deferred-forms',
    setup(b) {
      b.onLoad({ filter: /\/src\/.*\.tsx?$/ }, ({ path }) => {
        const contents = preloadDeferredForms(readFileSync(path, 'utf8'))
        return contents === null ? undefined : { contents, loader: path.endsWith('x') ? 'tsx' : 'ts' }
      })
    },
  }
}

export function deferredVitePlugin() {
  return {
    name: 'immo-deferred-forms',
    enforce: 'pre',
    apply: () => Boolean(process.env.VITEST),
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id)) return null
      const out = preloadDeferredForms(code)
      return out === null ? null : { code: out, map: null }
    },
  }
}
