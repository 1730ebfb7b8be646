package admin

// NewsletterProps are the newsletter's subscribers.
type NewsletterProps struct {
	Base
	Rows   []SubscriberRow `json:"rows"`
	States []string        `json:"states"`
	// The filter as its address gives it.
	State string `json:"state"`
	Q     string `json:"q"`
	ListLinks
}

func (NewsletterProps) View() string { return ViewNewsletter }

// SubscriberRow is one subscriber.
type SubscriberRow struct {
	ID      int64  `json:"id"`
	Email   string `json:"email"`
	Lang    string `json:"lang"`
	State   string `json:"state" tstype:"'pending' | 'confirmed' | 'unsubscribed'"`
	Created string `json:"created"` // RFC 3339
	Updated string `json:"updated"`
}
