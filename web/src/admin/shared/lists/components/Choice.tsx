import type { SelectHTMLAttributes } from 'react'

/**
 * A filter's choice: its label around a select (name; value, the one the page's address sets) whose first option,
 * "", is none's words (any, not spam…), then the options as [value, words]; aria: a refusal's attributes.
 */
export function Choice({ label, name, value, none, options, aria }: {
  label: string
  name: string
  value: string
  none: string
  options: [string, string][]
  aria?: SelectHTMLAttributes<HTMLSelectElement>
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value} {...aria}>
        <option value="">{none}</option>
        {options.map(([v, words]) => <option key={v} value={v}>{words}</option>)}
      </select>
    </label>
  )
}
