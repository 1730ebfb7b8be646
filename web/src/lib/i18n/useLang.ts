import { useContext } from 'react'
import { I18nContext } from 'react-i18next'
import { isLang, tFor, type Lang, type TFn } from './i18n'

/** The page's language: that of the i18next instance App provides (one per language). */
export function useLang(): Lang {
  const lang = useContext(I18nContext)?.i18n?.language
  return isLang(lang) ? lang : 'fr'
}

/** The page language's t (memoised, see tFor): t('list.pageOf', {page, pages}). */
export function useT(): TFn {
  return tFor(useLang())
}
