import { useT } from '../../../lib/i18n'

/**
 * The words of an owners' page: its own (account.*) come in its props from
 * Go, as they are in no other page's first load; the forms' messages
 * (forms.error.*) are the web app's.
 */
export function useSay(texts: Record<string, string> | null | undefined): (key: string) => string {
  const t = useT()
  return (key) => (key.startsWith('account.') ? (texts?.[key] ?? key) : t(key))
}
