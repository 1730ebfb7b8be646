// The site's texts, read from the same locale files the binary embeds, so a
// browser test asserts what a visitor reads without copying it.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../internal/domain/i18n/locales')

/** The text at key (dotted) of namespace file in lang. */
export function text(lang, file, key) {
  let v = JSON.parse(readFileSync(path.join(LOCALES, lang, `${file}.json`), 'utf8'))
  for (const k of key.split('.')) v = v?.[k]
  assert.equal(typeof v, 'string', `${lang}/${file}.json: ${key}`)
  return v
}
