import { createContext, createElement, useContext, type ReactNode } from 'react'
import { isLang, tFor, type Lang, type TFn } from './i18n'

const LangContext = createContext<Lang | undefined>(undefined)

/** Gives its children the page's language (App, the server's entry, tests). */
export function LangProvider({ lang, children }: { lang: Lang; children?: ReactNode }) {
  return createElement(LangContext.Provider, { value: lang }, children)
}

/** The page's language: that of the nearest LangProvider, French without one. */
export function useLang(): Lang {
  const lang = useContext(LangContext)
  return isLang(lang) ? lang : 'fr'
}

/** The page language's t (memoised, see tFor): t('list.pageOf', {page, pages}). */
export function useT(): TFn {
  return tFor(useLang())
}
