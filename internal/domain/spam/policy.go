package spam

import (
	"time"

	"immo/internal/domain/lead"
)

// Rate is one brake's numbers: at most Max in a Window, its counters
// named Name ("noproof-hour": two brakes whose windows start together must
// not share a row).
type Rate struct {
	Name   string
	Max    int
	Window time.Duration
}

// ReceiverRate is a Rate on the address a form's Field names.
type ReceiverRate struct {
	Rate
	Field string
}

// Policy is how much the site takes from a sender, and how many mails it
// sends to an address typed in a form (docs/ARCHITECTURE.md, "Spam"); the
// composition root makes Gate's limits of it.
type Policy struct {
	// WithProof and WithoutProof bound each sender (keyed IP hash).
	WithProof, WithoutProof []Rate
	// Flood is the whole site's posts without a proof past which the mails
	// to typed addresses go out at that rate: nobody is refused.
	Flood Rate
	// Receivers bound the mails to the address a kind's field names.
	Receivers map[lead.Kind]ReceiverRate
	// Addresses bounds the mails to any one typed address, whatever the form.
	Addresses Rate
	// UnsubscribePerSender and UnsubscribePerAddress bound the newsletter's
	// unsubscribe form: its posts per sender, the links mailed to one
	// address.
	UnsubscribePerSender, UnsubscribePerAddress Rate
	// ForgotPerSender and ForgotPerAddress bound the forgotten-password
	// form: its posts per sender (each may mail an address), the password
	// links mailed to one address whatever its senders — their own budget,
	// so the forms' mails to it (Addresses) never silence them.
	ForgotPerSender, ForgotPerAddress Rate
}

// DefaultPolicy: 10 posts an hour with a proof; without one (no
// JavaScript) 3 an hour and 10 a day; past 100 posts without a proof in
// an hour on the site, the mails to typed addresses slow to 100 an hour;
// a friend's address and a sign-up's get 3 mails a day each, and any typed
// address 10 a day; the unsubscribe form takes 10 posts an hour from a
// sender and mails one address 3 links a day; the forgotten-password form
// 5 posts an hour, and 5 links a day to one address.
var DefaultPolicy = Policy{
	WithProof:    []Rate{{"proof-hour", 10, time.Hour}},
	WithoutProof: []Rate{{"noproof-hour", 3, time.Hour}, {"noproof-day", 10, 24 * time.Hour}},
	Flood:        Rate{"noproof-site", 100, time.Hour},
	Receivers: map[lead.Kind]ReceiverRate{
		lead.KindFriend:     {Rate{"friend-day", 3, 24 * time.Hour}, "friendEmail"},
		lead.KindNewsletter: {Rate{"newsletter-day", 3, 24 * time.Hour}, lead.FieldEmail},
	},
	Addresses:             Rate{"mailto-day", 10, 24 * time.Hour},
	UnsubscribePerSender:  Rate{"unsubscribe-hour", 10, time.Hour},
	UnsubscribePerAddress: Rate{"unsubscribe-to-day", 3, 24 * time.Hour},
	ForgotPerSender:       Rate{"forgot-hour", 5, time.Hour},
	ForgotPerAddress:      Rate{"forgot-address-day", 5, 24 * time.Hour},
}
