export { PART, withPart } from './part'
export { LangProvider, useLang, useT } from './useLang'
export { addLocale, FALLBACK, hasLocale, isLang, LANGUAGES, namespaces, plural, tFor, translate, type Lang, type Locale, type TFn } from './i18n'
