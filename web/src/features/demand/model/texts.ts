import { useT } from '../../../lib/i18n'

/**
 * The words of a registrant's page: its own (registrant.*) come in its
 * props from Go, as they are in no other page's first load; the forms'
 * messages (forms.error.*) and labels are the web app's.
 */
export function useSay(texts: Record<string, string> | null | undefined): (key: string, vars?: Record<string, string>) => string {
  const t = useT()
  return (key, vars) => {
    if (!key.startsWith('registrant.')) return t(key, vars)
    let s = texts?.[key] ?? key
    for (const [k, v] of Object.entries(vars ?? {})) s = s.split(`{{${k}}}`).join(v)
    return s
  }
}
