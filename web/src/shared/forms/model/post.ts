import type { PostProps } from '../../../lib/router'

export type { PostProps }

/** The translation key of each field's problem; the form's own under "form". */
export type FormErrors = NonNullable<PostProps['errors']>

/** The name of the hidden field naming the form (internal/http/web/forms.go). */
export const FORM_FIELD = 'form'

/** A JSON body for the router: a field's value, or its values when it has several. */
export function formRecord(data: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const name of new Set(data.keys())) {
    const values = data.getAll(name).filter((v): v is string => typeof v === 'string')
    if (values.length) out[name] = values.length === 1 ? values[0] : values
  }
  return out
}

/** A field's value as the server gave it back: the first when it has several. */
export function firstValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}
