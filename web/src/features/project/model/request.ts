// What the page shares with its request form, whose code loads later
// (shared/forms/deferred): the form's anchor and the unit the price list chose.

/** The anchor of the project request: the price list's "Request info" links go there. */
export const PROJECT_CONTACT_ANCHOR = 'contact'

/** A unit the price list's link chose; `n` counts the clicks, so choosing the same unit again still applies. */
export interface ChosenUnit {
  unit: string
  n: number
}
