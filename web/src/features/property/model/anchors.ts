// The anchors of the page's forms, which links elsewhere on the page (the
// contact box) lead to: apart from the forms, whose code loads later.

import type { FORMS } from '../../../gen/forms'

/** A form kind the server knows (gen/forms): a link and its form cannot name two. */
type FormKind = keyof typeof FORMS

/** The information request: the contact box's "Request information" goes there. */
export const CONTACT_ANCHOR = 'contact'

/** The send-to-a-friend form: the contact box's "Send to a friend" goes there. */
export const FRIEND_ANCHOR = 'friend'

/** The visit form's disclosure: the contact box's and bar's "Book a visit" go there. */
export const VISIT_ANCHOR = 'visit'

/** The kinds of the disclosed forms the contact box and bar open (lead kinds: the ?open= a browser without JavaScript sends). */
export const VISIT_KIND = 'contact-appointment' satisfies FormKind
export const FRIEND_KIND = 'send-to-friend' satisfies FormKind
