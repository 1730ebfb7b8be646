package admin

// MailsProps are the mail queue: one page of mails, newest first, by
// state.
type MailsProps struct {
	Base
	// State is the filter ("": every mail); States its choices.
	State  string    `json:"state"`
	States []string  `json:"states"`
	Rows   []MailRow `json:"rows"`
	// Next is the address of the next (older) page, First of the first
	// when this is not it ("": none); Action where a retry posts; Export
	// the filtered queue's CSV.
	Next   string `json:"next"`
	First  string `json:"first"`
	Action string `json:"action"`
	Export string `json:"export"`
	// RetryAll says some mail failed: the page offers to send every failed
	// one again (action retryall).
	RetryAll bool `json:"retryAll"`
}

func (MailsProps) View() string { return ViewMails }

// MailRow is one mail and where it is.
type MailRow struct {
	ID          int64  `json:"id"`
	To          string `json:"to"` // the recipients, comma-separated
	Subject     string `json:"subject"`
	State       string `json:"state"` // a mailqueue.State
	Attempts    int    `json:"attempts"`
	MaxAttempts int    `json:"maxAttempts"`
	Created     string `json:"created"` // RFC 3339
	// Next is when a queued or retrying mail is tried; Finalized when it
	// was sent or failed ("": not yet).
	Next      string `json:"next"`
	Finalized string `json:"finalized"`
	// LastError is a failed or retrying mail's last attempt's error, as
	// the receiving server wrote it; "" for any other mail.
	LastError string `json:"lastError"`
	// ErrorKey says what LastError means in the staff's words (a
	// translation key; "": no error).
	ErrorKey string `json:"errorKey"`
	// Kind is the kind of the request the mail is about, Lead its page
	// ("": a mail about no request — a staff link, an alert…).
	Kind string `json:"kind"`
	Lead string `json:"lead"`
	// Retry says whether it may be sent again now (failed or retrying).
	Retry bool `json:"retry"`
}
