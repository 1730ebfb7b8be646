// The inbox's words: the texts Go sends with every page, times in Brussels, the staff's roles, the languages' own names.
export { texts, when, type T } from './model/texts'
export { roleLabel } from './model/words'
export { autonyms } from './model/autonyms'
