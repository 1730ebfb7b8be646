import type { BaseProps } from '../../../lib/site/types'

/** A thank-you page after a form (route.thankYou); form is the form's name (contact-me, sign-newsletter…). */
export interface ThankYouProps extends BaseProps {
  form: string
}
