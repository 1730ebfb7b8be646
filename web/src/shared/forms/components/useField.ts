import { useFormKit } from './context'
import { useT } from '../../../lib/i18n'

/**
 * Everything a field needs from its form: its ids, its problem (translated),
 * whether it is required, its value after a refused post, and the
 * attributes that tie the input to its error for assistive technology.
 */
export function useField(name: string) {
  const kit = useFormKit()
  const t = useT()
  const id = kit.id(name)
  const errorId = `${id}-error`
  const key = kit.error(name)
  const required = kit.spec(name)?.required ?? false
  return {
    id,
    errorId,
    message: key ? t(key) : undefined,
    required,
    initial: kit.initial(name),
    register: () => kit.bind(name),
    aria: {
      'aria-invalid': key ? true : undefined,
      'aria-describedby': key ? errorId : undefined,
      'aria-required': required || undefined,
    },
  }
}

/** A field's problem, for a widget the kit does not draw (the anti-spam one). */
export function useFieldError(name: string): { id: string; errorId: string; message?: string } {
  const { id, errorId, message } = useField(name)
  return { id, errorId, message }
}
