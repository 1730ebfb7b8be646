export { PART, withPart } from './part'
export { useLang, useT } from './useLang'
export { addLocale, hasLocale, i18nFor, isLang, LANGUAGES, namespaces, plural, tFor, translate, type Lang, type Locale, type TFn } from './i18n'
