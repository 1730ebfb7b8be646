import type { MouseEvent } from 'react'
import { openLinkedDisclosure } from '../../../lib/ui/disclosure'
import { wantForms } from '../../../shared/forms/deferred'

/**
 * A link to one of the page's disclosed forms (the contact box's, the
 * contact bar's): opens it there and loads the forms' code at once, as the
 * visitor's next move is the form (which renders only once opened and its
 * code is there).
 */
export function openForm(e: MouseEvent<HTMLAnchorElement>): void {
  if (openLinkedDisclosure(e)) wantForms()
}
