export interface FieldProps {
  id: string
  name: string
  label: string
  type: 'email' | 'password'
  autoComplete: string
  /** The translation key of the field's problem, from the server. */
  error?: string
  defaultValue?: string
  hint?: string
  /** Translates the error's key (useSay). */
  say: (key: string) => string
}

/** One labelled input of the owners' forms, its problem read out with it. */
export function Field({ id, name, label, type, autoComplete, error, defaultValue, hint, say }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="account-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {say(error)}
        </p>
      )}
    </div>
  )
}

/** The form's own problem (a refused login, a lock), above its fields. */
export function FormError({ error, say }: { error?: string; say: (key: string) => string }) {
  if (!error) return null
  return (
    <p className="account-error" role="alert">
      {say(error)}
    </p>
  )
}
