import type { FieldSpec } from '../../../gen/forms'
import type { Values } from '../components/context'

/**
 * The values of a server-rendered form as the visitor left them before its
 * code arrived, in the shape the server gives back after a refused post (a
 * field's value, or its values: a list, or boxes ticked under one name), so
 * react-hook-form starts from them instead of resetting the fields. Only
 * the kind's own fields; a file input cannot be set, so it is left out
 * (react-hook-form reads it from the input).
 */
export function valuesIn(form: HTMLFormElement, fields: readonly FieldSpec[]): Values {
  const out: Values = {}
  for (const spec of fields) {
    const inputs = [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')].filter((el) => el.name === spec.name)
    if (!inputs.length || inputs.some((el) => el.type === 'file')) continue
    const boxes = inputs.length > 1 || spec.type === 'list'
    const chosen = inputs.filter((el) => !(el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) || el.checked).map((el) => el.value)
    if (inputs[0].type === 'checkbox' && boxes) out[spec.name] = chosen
    else if (chosen.length) out[spec.name] = chosen[0]
  }
  return out
}
