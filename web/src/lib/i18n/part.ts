import { createElement, Fragment, type ReactNode } from 'react'

/**
 * A stand-in for an interpolated value that must be an element (a name in
 * another language, with its own lang): t(key, { name: PART }), then
 * withPart puts the element where the translation placed the value.
 */
export const PART = '\u2063\u2063'

/** text with its PART replaced by node (text as is when it has none). */
export function withPart(text: string, node: ReactNode): ReactNode {
  const i = text.indexOf(PART)
  if (i < 0) return text
  return createElement(Fragment, null, text.slice(0, i), node, text.slice(i + PART.length))
}
