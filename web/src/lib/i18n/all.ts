// Every language at once: the server bundle renders any page, and the tests.
import locales from 'virtual:immo-locales'
import { addLocale, isLang } from './i18n'

for (const [lang, locale] of Object.entries(locales)) if (isLang(lang)) addLocale(lang, locale)
