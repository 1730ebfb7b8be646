// The kit's fields. Each has a visible label, says it is required, shows its
// problem in words under it (red, and prefixed, so not by colour alone),
// tied to it by aria-invalid and aria-describedby, and is filled with what
// the server gave back after a refused post: also in the HTML a browser
// without JavaScript shows.
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { useFormKit } from './context'
import { useField } from './useField'
import { firstValue } from '../model/post'

export interface FieldProps {
  name: string
  label: ReactNode
  /** A hint under the label. */
  autoComplete?: string
}

export interface Option {
  value: string
  label: ReactNode
  /** The label's language when it is not the page's (a name fallen back to French). */
  lang?: string
}

export function Label({ htmlFor, required, children }: { htmlFor: string; required: boolean; children: ReactNode }) {
  return (
    <label className="vf-label" htmlFor={htmlFor}>
      {children}
      {required && <span className="vf-required" aria-hidden="true"> *</span>}
    </label>
  )
}

/** The problem, in words, with the id the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p className="vf-error" id={id}>
      {message}
    </p>
  )
}

const inputTypes = { email: 'email', phone: 'tel', number: 'number', date: 'date', url: 'url', password: 'password' } as const

/** A one-line input; its type follows the field's spec (email, tel, number, date) unless given. */
export function TextField({ name, label, autoComplete, type, hint }: FieldProps & { type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'password'; hint?: ReactNode }) {
  const f = useField(name)
  const specType = useFormKit().spec(name)?.type
  const t = type ?? (specType && specType in inputTypes ? inputTypes[specType as keyof typeof inputTypes] : 'text')
  return (
    <div className="vf-field">
      <Label htmlFor={f.id} required={f.required}>{label}</Label>
      <input
        id={f.id}
        // A number is a text input with a numeric keyboard: a browser's
        // number input refuses "250.000", the way the site writes a price.
        type={t === 'number' ? 'text' : t}
        autoComplete={autoComplete}
        inputMode={t === 'number' ? 'numeric' : undefined}
        defaultValue={t === 'password' ? undefined : (firstValue(f.initial) ?? '')}
        {...f.aria}
        aria-describedby={[hint ? `${f.id}-hint` : '', f.aria['aria-describedby'] ?? ''].filter(Boolean).join(' ') || undefined}
        {...f.register()}
      />
      {hint && (
        <p className="vf-hint" id={`${f.id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={f.errorId} message={f.message} />
    </div>
  )
}

export function TextArea({ name, label, rows = 5 }: FieldProps & { rows?: number }) {
  const f = useField(name)
  return (
    <div className="vf-field">
      <Label htmlFor={f.id} required={f.required}>{label}</Label>
      <textarea id={f.id} rows={rows} defaultValue={firstValue(f.initial) ?? ''} {...f.aria} {...f.register()} />
      <FieldError id={f.errorId} message={f.message} />
    </div>
  )
}

/** A drop-down list; `placeholder` is its first, empty, choice. */
export function SelectField({ name, label, options, placeholder = '' }: FieldProps & { options: Option[]; placeholder?: string }) {
  const f = useField(name)
  return (
    <div className="vf-field">
      <Label htmlFor={f.id} required={f.required}>{label}</Label>
      <select id={f.id} defaultValue={firstValue(f.initial) ?? ''} {...f.aria} {...f.register()}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>{o.label}</option>
        ))}
      </select>
      <FieldError id={f.errorId} message={f.message} />
    </div>
  )
}

/** One choice among a few, as radio buttons in a fieldset whose legend is the label. */
export function RadioGroup({ name, label, options }: FieldProps & { options: Option[] }) {
  const f = useField(name)
  const checked = firstValue(f.initial)
  return (
    <fieldset className="vf-field vf-group" role="radiogroup" {...f.aria}>
      <legend className="vf-label">
        {label}
        {f.required && <span className="vf-required" aria-hidden="true"> *</span>}
      </legend>
      {options.map((o) => (
        <label key={o.value} className="vf-choice">
          <input
            type="radio"
            value={o.value}
            defaultChecked={checked === o.value}
            aria-invalid={f.aria['aria-invalid']}
            aria-describedby={f.aria['aria-describedby']}
            {...f.register()}
          />{' '}
          {o.label}
        </label>
      ))}
      <FieldError id={f.errorId} message={f.message} />
    </fieldset>
  )
}

/** A box to tick; it posts `value` when ticked, nothing otherwise. */
export function CheckboxField({ name, label, value = 'yes' }: FieldProps & { value?: string }) {
  const f = useField(name)
  const initial = f.initial
  const checked = Array.isArray(initial) ? initial.includes(value) : initial === value
  return (
    <div className="vf-field vf-check">
      <input id={f.id} type="checkbox" value={value} defaultChecked={checked} {...f.aria} {...f.register()} />
      <Label htmlFor={f.id} required={f.required}>{label}</Label>
      <FieldError id={f.errorId} message={f.message} />
    </div>
  )
}

/**
 * A file to send (a CV, a picture): the form posts multipart/form-data.
 * It offers the types its spec accepts (the server checks the content) and
 * says them under the label with the size limit. A browser cannot give a
 * file back after a refused post: the visitor picks it again.
 */
export function FileField({ name, label, accept }: FieldProps & { accept?: string }) {
  const kit = useFormKit()
  if (!kit.multipart) throw new Error(`FileField ${name}: its <VisitorForm> must be multipart`)
  const t = useT()
  const f = useField(name)
  const spec = kit.spec(name)
  const hintId = `${f.id}-hint`
  const describedBy = [hintId, f.aria['aria-describedby']].filter(Boolean).join(' ')
  // The browser words its file input in its own language ("Choose File"),
  // not the page's: once hydrated, a face in the page's language covers it,
  // the native input kept on top, transparent, for the click, the keyboard
  // and assistive technology. Without JavaScript the native input shows.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [chosen, setChosen] = useState('')
  const bound = f.register() as { onChange?: (e: ChangeEvent<HTMLInputElement>) => unknown }
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    setChosen(e.currentTarget.files?.[0]?.name ?? '')
    return bound.onChange?.(e)
  }
  return (
    <div className="vf-field">
      <Label htmlFor={f.id} required={f.required}>{label}</Label>
      <p className="vf-hint" id={hintId}>{t('forms.fileHint', { types: (spec?.formats ?? []).join(', ') })}</p>
      <div className={hydrated ? 'vf-file vf-file-faced' : 'vf-file'}>
        <input
          id={f.id}
          type="file"
          className="vf-file-input"
          accept={accept ?? (spec?.accept ?? []).join(',')}
          {...f.aria}
          aria-describedby={describedBy}
          {...bound}
          onChange={onChange}
        />
        {hydrated && (
          <span className="vf-file-face" aria-hidden="true">
            <span className="button button-outline vf-file-button">{t('forms.file.choose')}</span>
            <span className="vf-file-name">{chosen || t('forms.file.none')}</span>
          </span>
        )}
      </div>
      <FieldError id={f.errorId} message={f.message} />
    </div>
  )
}
