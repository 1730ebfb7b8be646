package admin

import (
	"iter"
	"net/http"

	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/inbox"
)

// sendCSV answers a list's export: a download named name, a header row of
// the translation keys header in the staff member's language, the rows as
// they come (inbox.WriteCSV). kind, when not empty, is the audit log's
// target kind the export is written under first (with its filter): personal
// data left the inbox. Past the first bytes an error ends the file short,
// which the log says.
func (h *Handler) sendCSV(w http.ResponseWriter, r *http.Request, kind, name string, header []string, rows iter.Seq2[[]string, error]) {
	ctx := r.Context()
	if kind != "" {
		// The filter as the log keeps it: encoded in order, bounded (the
		// address may carry anything besides the filter).
		filter := r.URL.Query().Encode()
		filter = filter[:min(len(filter), audit.MaxSummary)]
		err := h.o.Record(ctx, audit.Entry{Time: h.o.Now(), Actor: account.FromContext(ctx).Account.ID,
			Action: inbox.ActionExport, TargetKind: kind, After: filter})
		if err != nil {
			h.fault(w, "export", "kind", kind, "err", err)
			return
		}
	}
	t := texts()[h.langOf(r)]
	words := make([]string, len(header))
	for i, k := range header {
		words[i] = t[k]
	}
	if err := inbox.WriteCSV(&download{w: w, name: name}, words, rows); err != nil {
		h.o.Log.Error("export", "file", name, "err", err)
	}
}

// fault answers a request whose answer is no page (a download, the events'
// stream) when it fails on our side: the fault logged (msg and args, as
// slog takes them), a bare 500.
func (h *Handler) fault(w http.ResponseWriter, msg string, args ...any) {
	h.o.Log.Error(msg, args...)
	http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
}

// everyPage reads a list paged by id, newest first, to its end: fetch
// gives the page before an id (0: the first), at most limit rows; id
// names a row.
func everyPage[T any](fetch func(before int64) ([]T, error), id func(T) int64, limit int) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var before int64
		for {
			list, err := fetch(before)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, v := range list {
				if !yield(v, nil) {
					return
				}
			}
			if len(list) < limit || len(list) == 0 {
				return
			}
			before = id(list[len(list)-1])
		}
	}
}

// lines maps the rows of a list to CSV lines.
func lines[T any](rows iter.Seq2[T, error], line func(T) []string) iter.Seq2[[]string, error] {
	return func(yield func([]string, error) bool) {
		for v, err := range rows {
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(line(v), nil) {
				return
			}
		}
	}
}

// today is the date a file is named by (Brussels).
func (h *Handler) today() string { return h.o.Now().In(inbox.Brussels).Format("2006-01-02") }
