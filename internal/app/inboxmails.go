package app

import (
	"context"

	"immo/internal/adapter/mailqueue"
	"immo/internal/domain/inbox"
)

// inboxMails is the mail queue as the inbox reads a lead's mails
// (inbox.Mails): the adapter lives here, so the queue imports no domain
// package above it.
func inboxMails(q *mailqueue.Queue) inbox.Mails {
	return inbox.MailsFunc(func(ctx context.Context, lead int64) ([]inbox.Mail, error) {
		entries, err := q.About(ctx, lead)
		if err != nil {
			return nil, err
		}
		out := make([]inbox.Mail, len(entries))
		for i, e := range entries {
			out[i] = inbox.Mail{ID: e.ID, To: e.To, Subject: e.Subject, State: string(e.State), Attempts: e.Attempts,
				Created: e.Created, Next: e.Next, Finalized: e.Finalized, LastError: e.LastError}
		}
		return out, nil
	})
}
