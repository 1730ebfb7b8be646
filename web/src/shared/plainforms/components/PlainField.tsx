import type { ReactNode } from 'react'

/** The owners' (account) or the registrants' (registrant) forms: the classes their fields and messages take. */
export type Look = 'account' | 'registrant'

export interface PlainFieldProps {
  id: string
  name: string
  label: ReactNode
  type?: 'text' | 'email' | 'password' | 'number'
  autoComplete?: string
  /** The translation key of the field's problem, from the server. */
  error?: string
  defaultValue?: string
  hint?: string
  required?: boolean
  /** Translates the error's key (useSay). */
  say: (key: string) => string
  look: Look
}

/**
 * One labelled input of the account pages' plain HTML forms (they post without JavaScript), its hint and the
 * server's problem read out with it; a number is typed as text with a numeric keyboard.
 */
export function PlainField({ id, name, label, type = 'text', autoComplete, error, defaultValue, hint, required, say, look }: PlainFieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={`${look}-field`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type === 'number' ? 'text' : type}
        name={name}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        inputMode={type === 'number' ? 'numeric' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && <p id={`${id}-hint`} className={`${look}-hint`}>{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {say(error)}
        </p>
      )}
    </div>
  )
}

/** The form's own problem (a refused login, a lock), above its fields. */
export function PlainFormError({ error, say, look }: { error?: string; say: (key: string) => string; look: Look }) {
  if (!error) return null
  return (
    <p className={`${look}-error`} role="alert">
      {say(error)}
    </p>
  )
}

type Fields = { uid: string; say: (key: string) => string; look: Look }

/** A login's address (the one typed, given back after a refusal, with its problem) and password, as password managers expect them. */
export function LoginFields({ uid, labels: [email, password], error, typed, say, look }: Fields & { labels: [string, string]; error?: string; typed?: unknown }) {
  return (
    <>
      <PlainField id={`${uid}-email`} name="email" type="email" autoComplete="username" label={email} error={error} say={say} look={look}
        defaultValue={typeof typed === 'string' ? typed : undefined} required />
      <PlainField id={`${uid}-password`} name="password" type="password" autoComplete="current-password" label={password} say={say} look={look} required />
    </>
  )
}

/** A new password (hint: its rule) and its confirmation, each with its problem, as password managers expect them. */
export function NewPasswordFields({ uid, labels: [password, confirm], hint, errors, say, look }: Fields & {
  labels: [string, string]
  hint: string
  errors?: Partial<Record<string, string>>
}) {
  return (
    <>
      <PlainField id={`${uid}-password`} name="password" type="password" autoComplete="new-password" label={password} hint={hint}
        error={errors?.password} say={say} look={look} required />
      <PlainField id={`${uid}-confirm`} name="passwordConfirm" type="password" autoComplete="new-password" label={confirm}
        error={errors?.passwordConfirm} say={say} look={look} required />
    </>
  )
}
