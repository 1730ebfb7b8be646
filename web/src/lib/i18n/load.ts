// The browser loads the page's language only (one small chunk each), before
// hydrating and before showing a page in another language.
import { addLocale, hasLocale, type Lang, type Locale } from './i18n'

const loaders: Record<Lang, () => Promise<{ default: Locale }>> = {
  nl: () => import('virtual:immo-locales/nl'),
  fr: () => import('virtual:immo-locales/fr'),
  en: () => import('virtual:immo-locales/en'),
  de: () => import('virtual:immo-locales/de'),
}

export async function loadLocale(lang: Lang): Promise<void> {
  if (hasLocale(lang)) return
  addLocale(lang, (await loaders[lang]()).default)
}
