// The anchors of the page's forms, which links elsewhere on the page (the
// contact box) lead to: apart from the forms, whose code loads later.

/** The information request: the contact box's "Request information" goes there. */
export const CONTACT_ANCHOR = 'contact'

/** The send-to-a-friend form: the contact box's "Send to a friend" goes there. */
export const FRIEND_ANCHOR = 'friend'

/** The visit form's disclosure. */
export const VISIT_ANCHOR = 'visit'

/**
 * Where the links to a disclosed form lead: an element inside the
 * disclosure, so that a browser without JavaScript opens it on arriving
 * (it opens a closed <details> that holds the target, not one that is it).
 */
export const VISIT_FORM_ANCHOR = 'visit-form'
export const FRIEND_FORM_ANCHOR = 'friend-form'
