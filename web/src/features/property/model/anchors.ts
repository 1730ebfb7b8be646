// The anchors of the page's forms, which links elsewhere on the page (the
// contact box) lead to: apart from the forms, whose code loads later.

/** The information request: the contact box's "Request information" goes there. */
export const CONTACT_ANCHOR = 'contact'

/** The send-to-a-friend form: the contact box's "Send to a friend" goes there. */
export const FRIEND_ANCHOR = 'friend'

/** The visit form: the contact box's and the contact bar's "Book a visit" go there. */
export const VISIT_ANCHOR = 'visit'
