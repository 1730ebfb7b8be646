package admin

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"immo/internal/adapter/mailqueue"
	"immo/internal/domain/errs"
)

// mailsPage is the size of a page of the mail queue.
const mailsPage = 50

// mailsExportPath is the mail queue's CSV (?state= as the page's).
const mailsExportPath = Prefix + "mails.csv"

// mailStates are the filter's choices, in its order.
var mailStates = func() []string {
	out := make([]string, len(mailqueue.States))
	for i, s := range mailqueue.States {
		out[i] = string(s)
	}
	return out
}()

// mailsQuery reads a mail page's address: state (one of mailStates or
// none) and before (a mail id); ok false when either does not parse.
func mailsQuery(q url.Values) (mailqueue.Query, bool) {
	out := mailqueue.Query{State: mailqueue.State(q.Get("state")), Limit: mailsPage}
	if out.State != "" && !slices.Contains(mailStates, string(out.State)) {
		return out, false
	}
	if b := q.Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n <= 0 {
			return out, false
		}
		out.Before = n
	}
	return out, true
}

// mailsAt is the address of the mails in state before id (0: the first).
func mailsAt(state mailqueue.State, before int64) string {
	q := url.Values{}
	if state != "" {
		q.Set("state", string(state))
	}
	if before > 0 {
		q.Set("before", strconv.FormatInt(before, 10))
	}
	return mailsPath + encoded(q)
}

// serveMails answers the mail queue's page, and its one form: a failed or
// retrying mail sent again now, as the staff member logged in (audited),
// the page then saying so (?done=retry); a refused retry answers the page
// with why (404 gone, 409 sent or queued already), an address that does
// not parse a 400 with no rows.
func (h *Handler) serveMails(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v := p.viewer
	q, good := mailsQuery(r.URL.Query())
	action := mailsAt(q.State, q.Before)
	if !good {
		props := MailsProps{Base: p.base, States: mailStates, Rows: []MailRow{}, Action: mailsPath,
			Export: withParam(mailsExportPath, "state", string(q.State))}
		props.Errors = map[string]string{"state": mailqueue.ErrBadQuery.Key}
		h.render(w, r, props, props.Base, http.StatusBadRequest)
		return
	}
	c := change{make: func() (map[string]string, error) { return only(h.retryMail(r, v.Account.ID, p.values)) },
		done: withDone(action, "retry"), form: "retry-" + p.values["id"], notice: "admin.mails.done.", notices: []string{"retry", "retryall"}}
	if p.values["action"] == "retryall" {
		// a fault only: there is nothing to refuse in sending every failed mail again
		c.make = func() (map[string]string, error) { return only(h.retryFailed(r, v.Account.ID)) }
		c.done = withDone(action, "retryall")
	}
	status, answered := h.answer(w, r, &p, c)
	if answered {
		return
	}
	props := MailsProps{Base: p.base, State: string(q.State), States: mailStates, Rows: []MailRow{}, Action: action,
		Export: withParam(mailsExportPath, "state", string(q.State))}
	page, err := h.o.Mails.Page(ctx, q)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, m := range page.Mails {
		row := MailRow{ID: m.ID, To: strings.Join(m.To, ", "), Subject: m.Subject, State: string(m.State), Attempts: m.Attempts,
			MaxAttempts: m.MaxAttempts, Created: stamp(m.Created), Next: stamp(m.Next), Finalized: stamp(m.Finalized),
			LastError: lastError(m.State, m.LastError), Retry: m.State == mailqueue.Failed || m.State == mailqueue.Retrying}
		row.ErrorKey = errorKey(row.LastError)
		if m.Request > 0 {
			row.Kind, row.Lead = m.RequestKind, leadPath(m.Request)
		}
		props.Rows = append(props.Rows, row)
	}
	// "Send all again" when a mail failed, on this page or another.
	failed, err := h.o.Mails.Page(ctx, mailqueue.Query{State: mailqueue.Failed, Limit: 1})
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props.RetryAll = len(failed.Mails) > 0
	if page.Next > 0 {
		props.Next = mailsAt(q.State, page.Next)
	}
	if q.Before > 0 {
		props.First = mailsAt(q.State, 0)
	}
	h.render(w, r, props, props.Base, status)
}

// serveMailsExport streams the mails in the state its address filters as
// CSV (every page), in the staff member's language; the export is in the
// audit log (the addresses left the inbox).
func (h *Handler) serveMailsExport(w http.ResponseWriter, r *http.Request) {
	q, good := mailsQuery(r.URL.Query())
	if !good || q.Before != 0 {
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	t := texts()[h.langOf(r)]
	q.Limit = mailqueue.MaxPage
	mails := everyPage(func(before int64) ([]mailqueue.Entry, error) {
		q.Before = before
		page, err := h.o.Mails.Page(r.Context(), q)
		return page.Mails, err
	}, func(m mailqueue.Entry) int64 { return m.ID }, q.Limit)
	h.sendCSV(w, r, mailqueue.AuditTarget, "mails-"+h.today()+".csv", mailsCSV, lines(mails, func(m mailqueue.Entry) []string {
		kind := ""
		if m.Request > 0 {
			kind = t["admin.kind."+m.RequestKind]
		}
		return []string{brussels(m.Created), t["admin.mail."+string(m.State)], strings.Join(m.To, ", "), m.Subject, kind,
			strconv.Itoa(m.Attempts) + " / " + strconv.Itoa(m.MaxAttempts), brussels(m.Next), brussels(m.Finalized), lastError(m.State, m.LastError)}
	}))
}

// mailsCSV is the mails' export's header (admin.json), in column order.
var mailsCSV = []string{"admin.mails.created", "admin.mails.state", "admin.mails.to", "admin.mails.subject", "admin.mails.kind",
	"admin.mails.attempts", "admin.mails.next", "admin.mails.finalized", "admin.mails.lastError"}

// lastError is a mail's last error as the inbox shows it: a mail that
// went, or waits for its first attempt, has none, whatever an earlier
// attempt met (the queue keeps every attempt's error).
func lastError(state mailqueue.State, err string) string {
	if state != mailqueue.Failed && state != mailqueue.Retrying {
		return ""
	}
	return err
}

// errorKey is what a mail's last error means, in the staff's words (a
// translation key; "" for none): the receiving server refused it for good
// (an SMTP 5xx), for now (4xx), our mail server could not be reached, or
// another failure. The server's own words, English, stay beside it.
func errorKey(err string) string {
	e := strings.ToLower(err)
	switch {
	case err == "":
		return ""
	case smtpCode.MatchString(e) && smtpCode.FindStringSubmatch(e)[1] == "5":
		return "admin.mails.error.refused"
	case smtpCode.MatchString(e):
		return "admin.mails.error.deferred"
	case strings.Contains(e, "dial") || strings.Contains(e, "connect") || strings.Contains(e, "timeout") ||
		strings.Contains(e, "no such host") || strings.Contains(e, "eof"):
		return "admin.mails.error.unreachable"
	}
	return "admin.mails.error.other"
}

// smtpCode finds an SMTP reply code (4xx, 5xx) in an error's text.
var smtpCode = regexp.MustCompile(`(?:^|\D)([45])\d\d(?:\D|$)`)

// maxRetryAll bounds the failed mails one "send all again" sends: a
// second press sends the rest.
const maxRetryAll = 500

// retryFailed sends every failed mail again (the newest maxRetryAll), as
// actor, each retry audited as a single one is; a mail sent or gone
// meanwhile is skipped.
func (h *Handler) retryFailed(r *http.Request, actor int64) error {
	ctx := r.Context()
	q := mailqueue.Query{State: mailqueue.Failed, Limit: mailqueue.MaxPage}
	for n := 0; n < maxRetryAll; {
		page, err := h.o.Mails.Page(ctx, q)
		if err != nil {
			return err
		}
		for _, m := range page.Mails {
			if n == maxRetryAll {
				break
			}
			err := h.o.Mails.Retry(ctx, actor, m.ID)
			if e, coded := errs.As(err); err != nil && (!coded || (e.Code != errs.Conflict && e.Code != errs.NotFound)) {
				return err
			}
			n++
		}
		if page.Next == 0 || len(page.Mails) == 0 {
			return nil
		}
		q.Before = page.Next
	}
	return nil
}

// retryMail sends the mail a retry form names again, as actor.
func (h *Handler) retryMail(r *http.Request, actor int64, values map[string]string) error {
	if values["action"] != "retry" {
		return &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
	}
	id, err := strconv.ParseInt(values["id"], 10, 64)
	if err != nil || id <= 0 {
		return mailqueue.ErrNoMail
	}
	return h.o.Mails.Retry(r.Context(), actor, id)
}
