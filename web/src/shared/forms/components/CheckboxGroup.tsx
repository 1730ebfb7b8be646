import type { ReactNode } from 'react'
import { FieldError, type FieldProps, type Option } from './fields'
import { useField } from './useField'

/**
 * Several boxes to tick under one name (a demand's types, its zones), in a
 * fieldset whose legend is the label: the form posts every ticked value
 * (lead.List). `hint` says how to choose, under the legend.
 */
export function CheckboxGroup({ name, label, options, hint, className }: FieldProps & { options: Option[]; hint?: ReactNode; className?: string }) {
  const f = useField(name)
  const initial = f.initial
  const checked = (v: string) => (Array.isArray(initial) ? initial.includes(v) : initial === v)
  const hintId = `${f.id}-hint`
  const described = [hint ? hintId : '', f.aria['aria-describedby'] ?? ''].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={`vf-field vf-group vf-checks ${className ?? ''}`} aria-describedby={described} aria-invalid={f.aria['aria-invalid']}>
      <legend className="vf-label">
        {label}
        {f.required && <span className="vf-required" aria-hidden="true"> *</span>}
      </legend>
      {hint && (
        <p className="vf-hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className="vf-choices">
        {options.map((o) => (
          <label key={o.value} className="vf-choice">
            <input type="checkbox" value={o.value} defaultChecked={checked(o.value)} data-choice={o.value} {...f.register()} /> <span lang={o.lang}>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={f.errorId} message={f.message} />
    </fieldset>
  )
}
