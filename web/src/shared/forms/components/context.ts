import { createContext, useContext } from 'react'
import type { UseFormRegister } from 'react-hook-form'
import type { FieldSpec, FormKind } from '../../../gen/forms'

export type Values = Record<string, unknown>

/**
 * The anti-spam widget of a form (ALTCHA, or a third-party captcha), as the
 * form drives it: a proof is spent by any post the server gets past its
 * checks, so after each answer the form asks for a fresh one (renew, with
 * the server's key when it refused the proof itself), and before posting it
 * waits for the widget's proof.
 */
export interface ProofHandle {
  /** The proof's fields to post (the widget's payload), once it has one; {} when it cannot give one. */
  ready(): Promise<Record<string, string>>
  /** Throw the spent proof away and get another; errorKey: the server's translation key, shown on the widget. */
  renew(errorKey?: string): void
}

/** What a VisitorForm gives the fields inside it. */
export interface FormKit {
  kind: FormKind
  multipart: boolean
  /**
   * The props that bind an input to the form: react-hook-form's register,
   * or only the name while the server renders (no router), where nothing
   * else reaches the HTML and register costs ~0.5 ms a field in QuickJS.
   */
  bind(name: string): ReturnType<UseFormRegister<Values>> | { name: string }
  /** The element id of a field (unique on the page). */
  id(name: string): string
  /** The translation key of the field's problem: the client's check, else the server's. */
  error(name: string): string | undefined
  /** The value the server gave back after a refused post. */
  initial(name: string): string | string[] | undefined
  spec(name: string): FieldSpec | undefined
  /** The form's anti-spam widget registers itself (from an effect); the returned function unregisters it. */
  registerProof(handle: ProofHandle): () => void
}

export const FormKitContext = createContext<FormKit | null>(null)

export function useFormKit(): FormKit {
  const kit = useContext(FormKitContext)
  if (!kit) throw new Error('a form field outside <VisitorForm>')
  return kit
}
