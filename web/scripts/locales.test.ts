// @vitest-environment node
// The bundles carry the translations pages use: the mails' texts, which
// only Go reads, stay out of them.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import locales from 'virtual:immo-locales'
import { GO_ONLY_NAMESPACES, LOCALES_DIR } from './locales.mjs'

describe('virtual:immo-locales', () => {
  it('leaves the Go-only namespaces out of every language', () => {
    expect(GO_ONLY_NAMESPACES).toContain('mail')
    for (const [lang, namespaces] of Object.entries(locales)) {
      for (const ns of GO_ONLY_NAMESPACES) {
        expect(existsSync(join(LOCALES_DIR, lang, `${ns}.json`)), `${lang}/${ns}.json on disk`).toBe(true)
        expect(Object.keys(namespaces), lang).not.toContain(ns)
      }
      expect(Object.keys(namespaces), lang).toContain('forms')
    }
  })
})
