// A mail's last error in the staff's words.
export { MailError } from './components/MailError'
