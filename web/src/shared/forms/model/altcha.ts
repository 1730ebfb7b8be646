// The forms' spam challenge lives in the shared layer (lib/altcha): the
// footer's newsletter sign-up loads it too, without the forms kit.
export * from '../../../lib/altcha'
