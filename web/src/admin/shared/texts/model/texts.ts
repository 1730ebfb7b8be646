import type { LoginProps } from '../../../../gen/admin'

/**
 * The inbox's words (admin.json, sent with every page): t(key) is the key itself when missing; t.colon what
 * stands between a label and its value ("Label: value"; French puts a narrow no-break space before the colon).
 */
export function texts(props: Pick<LoginProps, 'texts'> & { lang?: string }) {
  const words = props.texts ?? {}
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    (words[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''))
  return Object.assign(t, { colon: props.lang === 'fr' ? '\u202f: ' : ': ' })
}

export type T = ReturnType<typeof texts>

/** A time the server sent (RFC 3339), in Brussels time, in the page's language. */
export function when(iso: string, lang: string): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, {
    dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Brussels',
  }).format(new Date(iso))
}
