package inbox

import (
	"context"
	"encoding/csv"
	"immo/internal/domain/audit"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"

	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
)

// CSV is how a list is written as CSV.
type CSV struct {
	Lang string // the staff member's language: the header, kinds and statuses
	// Staff names an assignee; nil or "": the account's id.
	Staff func(id int64) string
	// Words is a kind's own field of a lead as its page shows it in Lang
	// (notify.Composer.FieldWords: an option's label, a slot's day and
	// time, a document's name); nil or "": as stored.
	Words func(r lead.Request, name string) string
	// Kinds are the kinds whose own fields get a column each (Export: the
	// filter's; none: every kind's).
	Kinds []lead.Kind
}

// FieldColumns are the names of the own fields of kinds (none: every
// kind) the CSV gives a column each, in the kinds' order (by name) and
// each kind's form's order, each name once: what a lead's page shows of
// its kind — not an upload (a file, linked from the page) nor a field
// never kept (a password, a friend's address).
func FieldColumns(kinds []lead.Kind) []string {
	if len(kinds) == 0 {
		for k := range lead.Specs {
			kinds = append(kinds, k)
		}
	}
	kinds = slices.Clone(kinds)
	slices.Sort(kinds)
	var out []string
	for _, k := range slices.Compact(kinds) {
		for _, f := range lead.Specs[k].Fields {
			if f.Kept() && f.Type != lead.Upload && !slices.Contains(out, f.Name) {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

// header is the CSV's header row in c.Lang: the list's columns, the
// kinds' own fields (fields), the notes.
func (c CSV) header(fields []string) []string {
	out := make([]string, 0, len(csvHeader)+len(fields)+1)
	for _, k := range csvHeader {
		out = append(out, i18n.T(c.Lang, k))
	}
	for _, name := range fields {
		out = append(out, i18n.T(c.Lang, FieldKey(name)))
	}
	return append(out, i18n.T(c.Lang, KeyNotesColumn))
}

// bom makes Excel read the file as UTF-8 (accents right).
const bom = "\uFEFF"

// csvTime is how a lead's time is written: Brussels time, which Excel
// reads as a date and time.
const csvTime = "2006-01-02 15:04"

// Write writes rows to w as CSV (WriteCSV): a header row in c.Lang, one
// line per lead.
func (c CSV) Write(w io.Writer, rows iter.Seq2[Row, error]) error {
	fields := FieldColumns(c.Kinds)
	return WriteCSV(w, c.header(fields), func(yield func([]string, error) bool) {
		for r, err := range rows {
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(c.line(r, fields), nil) {
				return
			}
		}
	})
}

// WriteCSV writes any of the inbox's lists to w as CSV: the byte order
// mark (Excel then reads UTF-8, accents right), the header, one line per
// row, every cell Safe. It writes as rows come, flushing every 100 lines,
// so an export of any size holds one page in memory; it stops at the
// first error of rows.
func WriteCSV(w io.Writer, header []string, rows iter.Seq2[[]string, error]) error {
	if _, err := io.WriteString(w, bom); err != nil {
		return err
	}
	out := csv.NewWriter(w)
	cells := make([]string, 0, len(header))
	write := func(line []string) error {
		cells = cells[:0]
		for _, s := range line {
			cells = append(cells, Safe(s))
		}
		return out.Write(cells)
	}
	if err := write(header); err != nil {
		return err
	}
	n := 0
	for line, err := range rows {
		if err != nil {
			return err
		}
		if err := write(line); err != nil {
			return err
		}
		if n++; n%100 == 0 {
			if out.Flush(); out.Error() != nil {
				return out.Error()
			}
		}
	}
	out.Flush()
	return out.Error()
}

// line is lead r's row: the list's columns, the fields' (the kind's own
// fields as its page shows them; a field of another kind empty), the
// notes' texts, oldest first, each with its author and time.
func (c CSV) line(r Row, fields []string) []string {
	cells := []string{
		strconv.FormatInt(r.ID, 10), r.Created.In(Brussels).Format(csvTime),
		i18n.T(c.Lang, KindKey(string(r.Kind))), i18n.T(c.Lang, StatusKey(r.Status)), c.title(r.Title),
		r.FirstName, r.LastName, r.Email, r.Phone, r.Lang, optionalID(r.PropertyID), optionalID(r.ProjectID), r.Page,
		c.staff(r.Assignee), r.Remark,
	}
	var req lead.Request
	if c.Words != nil {
		req = r.Request()
	}
	for _, name := range fields {
		v := strings.TrimSpace(r.Fields[name])
		if v != "" && c.Words != nil {
			if words := c.Words(req, name); words != "" {
				v = words
			}
		}
		cells = append(cells, v)
	}
	notes := make([]string, len(r.Written))
	for i, n := range r.Written {
		notes[i] = n.Created.In(Brussels).Format(csvTime) + " " + c.staff(n.Author) + ": " + n.Text
	}
	return append(cells, strings.Join(notes, "\n"))
}

// title is a sender's title in c.Lang as the form offered it (Mr, Mme…);
// one the form never offered as stored.
func (c CSV) title(t string) string {
	if t == "" {
		return ""
	}
	if words := i18n.T(c.Lang, "forms.label."+t); words != "forms.label."+t {
		return words
	}
	return t
}

func (c CSV) staff(id int64) string {
	if id == 0 {
		return ""
	}
	if c.Staff != nil {
		if name := c.Staff(id); name != "" {
			return name
		}
	}
	return strconv.FormatInt(id, 10)
}

func optionalID(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

// Safe is s as a spreadsheet cell that cannot be a formula: a text starting
// with =, +, -, @, a tab or a carriage return (OWASP's CSV injection list)
// gets a leading apostrophe, which the spreadsheet shows as text.
func Safe(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// exportPage is how many rows an export reads at a time.
const exportPage = 500

// Export writes the leads f selects (every page, in f's order) to w as CSV
// in c's language, and logs actor's export in the audit log first: personal
// data left the back office, under this filter.
func (s *Service) Export(ctx context.Context, actor int64, f Filter, c CSV, w io.Writer) error {
	f.Cursor, f.Size = "", 0
	f, err := checked(f)
	if err != nil {
		return err
	}
	if err := s.Store.Log(ctx, audit.Entry{Time: s.now(), Actor: actor, Action: ActionExport, TargetKind: TargetLead,
		After: audit.Summary(f.Query().Encode())}); err != nil {
		return err
	}
	f.Size = exportPage
	c.Kinds = f.Kinds
	return c.Write(w, s.rows(ctx, f))
}

// rows reads every page of f from the store, one at a time, each lead with
// its notes (one more query a page).
func (s *Service) rows(ctx context.Context, f Filter) iter.Seq2[Row, error] {
	return func(yield func(Row, error) bool) {
		for {
			page, err := s.Store.List(ctx, f)
			if err != nil {
				yield(Row{}, err)
				return
			}
			var noted []int64
			for _, r := range page.Rows {
				if r.Notes > 0 {
					noted = append(noted, r.ID)
				}
			}
			notes, err := s.Store.NotesOf(ctx, noted)
			if err != nil {
				yield(Row{}, err)
				return
			}
			for _, r := range page.Rows {
				r.Written = notes[r.ID]
				if !yield(r, nil) {
					return
				}
			}
			if page.Next == "" {
				return
			}
			f.Cursor = page.Next
		}
	}
}
