import { PlainFormError } from '../../../shared/plainforms'

/** The form's own problem (a refused login, a lock), above its fields. */
export function FormError({ error, say }: { error?: string; say: (key: string) => string }) {
  return <PlainFormError error={error} say={say} look="account" />
}
