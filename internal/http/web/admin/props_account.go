package admin

// AccountProps are a staff member's own sign-in page: who they are and
// their second factor and their language, whose forms post to Action with
// an action field (begin, confirm, off, lang).
type AccountProps struct {
	Base
	Name  string `json:"name"`
	Email string `json:"email"`
	Role  string `json:"role" tstype:"'admin' | 'agent' | 'operator'"`
	// TwoFactor is where the second factor is: off, waiting for its first
	// code (the QR code and the secret shown), or on.
	TwoFactor string `json:"twoFactor" tstype:"'off' | 'waiting' | 'on'"`
	// QR is the waiting factor's QR code (a PNG data: URL) and Secret its
	// key as text, for an app that cannot scan; "" unless waiting.
	QR     string `json:"qr"`
	Secret string `json:"secret"`
	Action string `json:"action"`
	// Lang is the language the member chose for the inbox and their mails
	// (their account's; "": none yet, the browser's then), one of Langs.
	Chosen string   `json:"chosenLang"`
	Langs  []string `json:"langs"`
}

func (AccountProps) View() string { return ViewAccount }
