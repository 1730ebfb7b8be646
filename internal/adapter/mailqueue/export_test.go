package mailqueue

import "context"

// PurgeAttachments runs the attachments' purge now (Start runs it every
// purgeInterval).
func (q *Queue) PurgeAttachments(ctx context.Context) error { return q.files.purge(ctx) }
