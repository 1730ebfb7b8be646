// The translations, built by scripts/locales.mjs from
// internal/domain/i18n/locales/<lang>/<namespace>.json.

/** Every language: { [lang]: { [namespace]: tree } }. */
declare module 'virtual:immo-locales' {
  const locales: Record<string, Record<string, Record<string, unknown>>>
  export default locales
}

/** One language: { [namespace]: tree }. */
declare module 'virtual:immo-locales/*' {
  const locale: Record<string, Record<string, unknown>>
  export default locale
}
