import { PlainField, PlainFormError, type PlainFieldProps } from '../../../shared/plainforms'

export type FieldProps = Omit<PlainFieldProps, 'look' | 'required' | 'type'> & { type: 'email' | 'password'; autoComplete: string; label: string }

/** One labelled input of the owners' forms, required, its problem read out with it. */
export function Field(props: FieldProps) {
  return <PlainField {...props} look="account" required />
}

/** The form's own problem (a refused login, a lock), above its fields. */
export function FormError({ error, say }: { error?: string; say: (key: string) => string }) {
  return <PlainFormError error={error} say={say} look="account" />
}
