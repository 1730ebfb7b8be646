import type { LoginProps } from '../../gen/admin'

/** The inbox's words (admin.json, sent with every page): t(key) is the key itself when missing. */
export function texts(props: Pick<LoginProps, 'texts'>) {
  const words = props.texts ?? {}
  return (key: string, vars: Record<string, string | number> = {}) =>
    (words[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''))
}

export type T = ReturnType<typeof texts>

/** A time the server sent (RFC 3339), in Brussels time, in the page's language. */
export function when(iso: string, lang: string): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, {
    dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Brussels',
  }).format(new Date(iso))
}
