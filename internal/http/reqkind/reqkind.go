// Package reqkind carries what kind of page a request turned out to be, from
// the handler that knows (the page responder: the view's name) back to the
// edge that counts requests for the operator's metrics (server.Handler). A
// request's kind is one of a bounded set — the app's views and the edge's
// own path classes — so a metric labelled by it stays small.
package reqkind

import "context"

type key struct{}

// Note is a request's kind, set once known.
type Note struct{ kind string }

// With returns ctx carrying an empty note, and the note.
func With(ctx context.Context) (context.Context, *Note) {
	n := &Note{}
	return context.WithValue(ctx, key{}, n), n
}

// Set names the kind of ctx's request, when ctx carries a note (the edge
// counts requests); else nothing.
func Set(ctx context.Context, kind string) {
	if n, ok := ctx.Value(key{}).(*Note); ok && kind != "" {
		n.kind = kind
	}
}

// Kind is the kind set, "" none.
func (n *Note) Kind() string { return n.kind }
