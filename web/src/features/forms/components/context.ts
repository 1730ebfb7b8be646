import { createContext, useContext } from 'react'
import type { UseFormRegister } from 'react-hook-form'
import type { FieldSpec, FormKind } from '../../../gen/forms'

export type Values = Record<string, unknown>

/** What a VisitorForm gives the fields inside it. */
export interface FormKit {
  kind: FormKind
  multipart: boolean
  register: UseFormRegister<Values>
  /** The element id of a field (unique on the page). */
  id(name: string): string
  /** The translation key of the field's problem: the client's check, else the server's. */
  error(name: string): string | undefined
  /** The value the server gave back after a refused post. */
  initial(name: string): string | string[] | undefined
  spec(name: string): FieldSpec | undefined
  /** The visitor changed the field: the server's word on it no longer holds. */
  edited(name: string): void
}

export const FormKitContext = createContext<FormKit | null>(null)

export function useFormKit(): FormKit {
  const kit = useContext(FormKitContext)
  if (!kit) throw new Error('a form field outside <VisitorForm>')
  return kit
}
