// The newsletter: the footer's sign-up (other features show it).
export { NewsletterSignup } from './components/NewsletterSignup'
