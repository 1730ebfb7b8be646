package app

// ForgotArgs is the forgotten password's job, for the platform's tests
// to insert as an agency's form would.
type ForgotArgs = forgotArgs
