package admin

import (
	"context"

	"immo/internal/adapter/mailqueue"
)

// Mails is the mail queue as the inbox works it (mailqueue.Queue): its
// pages, and a failed mail sent again as staff account by, audited.
type Mails interface {
	Page(ctx context.Context, q mailqueue.Query) (mailqueue.Page, error)
	Retry(ctx context.Context, by, id int64) error
}
