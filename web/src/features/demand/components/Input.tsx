import type { ReactNode } from 'react'

export interface InputProps {
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
  say: (key: string) => string
}

/** One labelled input of the registrants' plain forms, its problem read out with it. */
export function Input({ id, name, label, type = 'text', autoComplete, error, defaultValue, hint, required, say }: InputProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="registrant-field">
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
      {hint && <p id={`${id}-hint`} className="registrant-hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {say(error)}
        </p>
      )}
    </div>
  )
}
