package app_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtptest"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

// mailRow waits until the mail page filtered by state lists a mail with
// subject, and returns it.
func mailRow(t *testing.T, c *staffClient, state, subject string) map[string]any {
	t.Helper()
	c.inertia = true
	defer func() { c.inertia = false }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		rec := c.do(t, "GET", "/admin/mails/?state="+state, nil)
		view, props := inboxPage(t, rec)
		if rec.Code != 200 || view != "AdminMails" {
			t.Fatalf("the mails: %d %s", rec.Code, view)
		}
		for _, r := range props["rows"].([]any) {
			if r := r.(map[string]any); r["subject"] == subject {
				return r
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s mail %q: %v", state, subject, props["rows"])
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestInboxMails: the mail queue in the inbox on both databases — a mail
// about a lead waits for its next attempt while the SMTP server is down;
// tried again from the page when the server is back but refusing it, it
// fails for good; once the server takes mail again it is sent again from
// the page and delivered (each retry audited); a sent mail is not sent
// twice, a filter that does not parse shows nothing, and nobody else
// reaches the page.
func TestInboxMails(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			const page = "/admin/mails/"
			shut(t, s, page, nil, url.Values{"action": {"retry"}, "id": {"1"}})
			staff := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")

			s.SMTP.Down()
			lead, err := s.Requests.Save(ctx, lead_(4100001, s.Clock.Now()), func(ctx context.Context, tx mail.Tx, id int64) error {
				return s.Queue.Enqueue(ctx, tx, mail.Message{To: []mail.Address{{Email: "jan@example.be"}}, Subject: "Uw vraag over Arlon",
					Text: "Dank u, we bellen u terug.", Lang: "nl", Request: id})
			})
			if err != nil {
				t.Fatal(err)
			}
			waiting := mailRow(t, staff, "retrying", "Uw vraag over Arlon")
			if waiting["to"] != "jan@example.be" || waiting["lastError"] == "" || waiting["errorKey"] == "" || waiting["retry"] != true ||
				waiting["lead"] != "/admin/leads/"+itoa(lead)+"/" || waiting["kind"] != "contact-me" || waiting["next"] == "" {
				t.Errorf("a mail waiting for its next attempt: %v", waiting)
			}
			// Back, but refusing it for good: tried again at once from the
			// page (not at River's next attempt), it fails.
			id := int64(waiting["id"].(float64))
			s.SMTP.Refuse(550)
			s.SMTP.Up(t)
			if rec := staff.do(t, "POST", page, url.Values{"action": {"retry"}, "id": {itoa(id)}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("retrying a waiting mail: %d", rec.Code)
			}
			if failed := mailRow(t, staff, "failed", "Uw vraag over Arlon"); failed["id"] != waiting["id"] || failed["retry"] != true ||
				!strings.Contains(failed["lastError"].(string), "550") || failed["finalized"] == "" || failed["errorKey"] != "admin.mails.error.refused" {
				t.Errorf("a mail refused for good (said in the staff's words): %v", failed)
			}

			// Refused: a filter that does not parse, a sent mail, no mail.
			if rec := staff.do(t, "GET", page+"?state=lost", nil); rec.Code != http.StatusBadRequest {
				t.Errorf("an unknown state: %d", rec.Code)
			}
			if rec := staff.do(t, "GET", page+"?before=-3", nil); rec.Code != http.StatusBadRequest {
				t.Errorf("a bad cursor: %d", rec.Code)
			}
			sent := sentMail(t, s)
			rec := staff.do(t, "POST", page, url.Values{"action": {"retry"}, "id": {itoa(sent)}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusConflict || props["errors"].(map[string]any)["form"] != mailqueue.ErrNotRetrying.Key {
				t.Errorf("retrying a sent mail: %d %v", rec.Code, props["errors"])
			}
			if rec := staff.do(t, "POST", page, url.Values{"action": {"retry"}, "id": {"99999999"}}); rec.Code != http.StatusNotFound {
				t.Errorf("retrying no mail: %d", rec.Code)
			}
			if n := len(audited(t, s, "mail", 0)); n != 1 {
				t.Fatalf("refused retries logged: %d entries, want the first retry's only", n)
			}

			// The server takes mail again: sent again from the page.
			s.SMTP.Accept()
			before := len(s.SMTP.Messages())
			rec = staff.do(t, "POST", page+"?state=failed", url.Values{"action": {"retry"}, "id": {itoa(id)}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != page+"?state=failed&done=retry" {
				t.Fatalf("retry: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			// The page it leads to says the mail goes again (in the staff's language).
			speaks(t, s, "agent@agency.test", "de") // the inbox speaks the member's language, not the browser's
			if _, props := inboxPage(t, staff.do(t, "GET", rec.Header().Get("Location"), nil, "Accept-Language", "de")); props["notice"] != "admin.mails.done.retry" ||
				props["texts"].(map[string]any)["admin.mails.done.retry"] == "" || props["action"] != page+"?state=failed" {
				t.Errorf("after a retry: notice %v, action %v", props["notice"], props["action"])
			}
			if got := s.Delivered(t, before, 1); got[0].Header.Get("Subject") != "Uw vraag over Arlon" || !strings.Contains(got[0].Header.Get("To"), "jan@example.be") {
				t.Errorf("delivered: %v", got[0].Header)
			}
			// Sent, it shows no error of its earlier attempts, nor does its lead.
			if row := mailRow(t, staff, "sent", "Uw vraag over Arlon"); row["lastError"] != "" {
				t.Errorf("a sent mail keeps its old error: %v", row)
			}
			staff.inertia = true
			_, props := inboxPage(t, staff.do(t, "GET", "/admin/leads/"+itoa(lead)+"/", nil))
			staff.inertia = false
			for _, m := range props["mails"].([]any) {
				if m := m.(map[string]any); m["state"] == "sent" && m["lastError"] != "" {
					t.Errorf("the lead's sent mail keeps its old error: %v", m)
				}
			}
			log := audited(t, s, "mail", 0)
			if len(log) != 2 || log[0].Action != "mail.retry" || log[0].TargetID != id || log[0].Before != "failed" ||
				log[0].After != "queued" || log[0].Actor != agentID(t, s, "agent@agency.test") || log[1].Before != "retrying" {
				t.Errorf("the retry's entry: %+v", log)
			}
			// The sent mails' CSV, in the staff's language; audited.
			speaks(t, s, "agent@agency.test", "fr") // the inbox speaks the member's language, not the browser's
			rec = staff.do(t, "GET", "/admin/mails.csv?state=sent", nil, "Accept-Language", "fr")
			csv := rec.Body.String()
			if rec.Code != 200 || !strings.HasPrefix(csv, "\uFEFF") || !strings.Contains(csv, ",envoyé,jan@example.be,Uw vraag over Arlon,") ||
				strings.Contains(csv, "En attente") {
				t.Errorf("the mails' CSV: %d\n%s", rec.Code, csv)
			}
			if log := audited(t, s, "mail", 0); len(log) != 3 || log[0].Action != "export" || log[0].After != "state=sent" {
				t.Errorf("the export's entry: %+v", log)
			}
			if rec := staff.do(t, "GET", "/admin/mails.csv?state=lost", nil); rec.Code != http.StatusBadRequest {
				t.Errorf("an unknown state's CSV: %d", rec.Code)
			}
		})
	}
}

// sentMail is the id of a mail the queue sent (the staff link's), once
// it is marked sent.
func sentMail(t *testing.T, s *apptest.Site) int64 {
	t.Helper()
	for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
		p, err := s.Queue.Page(t.Context(), mailqueue.Query{State: mailqueue.Sent, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Mails) == 1 {
			return p.Mails[0].ID
		}
		if time.Now().After(deadline) {
			t.Fatal("no mail marked sent")
		}
	}
}

// TestInboxMailsRetryAll: every failed mail sent again at once from the
// mail page ("send all again", offered while a mail failed), each retry
// audited as one sent again alone; on both databases.
func TestInboxMailsRetryAll(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			const page = "/admin/mails/"
			staff := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			offered := func() bool {
				t.Helper()
				staff.inertia = true
				defer func() { staff.inertia = false }()
				_, props := inboxPage(t, staff.do(t, "GET", page, nil))
				return props["retryAll"] == true
			}
			if offered() {
				t.Errorf("no mail failed, yet 'send all again' is offered")
			}
			s.SMTP.Refuse(550)
			subjects := []string{"Eerste vraag", "Tweede vraag"}
			for i, subject := range subjects {
				_, err := s.Requests.Save(t.Context(), lead_(4100001+int64(i), s.Clock.Now()), func(ctx context.Context, tx mail.Tx, id int64) error {
					return s.Queue.Enqueue(ctx, tx, mail.Message{To: []mail.Address{{Email: "jan@example.be"}}, Subject: subject,
						Text: "Dank u.", Lang: "nl", Request: id})
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			for _, subject := range subjects {
				mailRow(t, staff, "failed", subject)
			}
			if !offered() {
				t.Fatalf("two mails failed, 'send all again' is not offered")
			}
			s.SMTP.Accept()
			before := len(s.SMTP.Messages())
			rec := staff.do(t, "POST", page, url.Values{"action": {"retryall"}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != page+"?done=retryall" {
				t.Fatalf("send all again: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			got := map[string]bool{}
			for _, m := range s.Delivered(t, before, 2) {
				got[m.Header.Get("Subject")] = true
			}
			if !got[subjects[0]] || !got[subjects[1]] {
				t.Errorf("delivered: %v", got)
			}
			if log := audited(t, s, "mail", 0); len(log) != 2 || log[0].Action != "mail.retry" || log[0].Before != "failed" || log[1].Action != "mail.retry" {
				t.Errorf("the retries' entries: %+v", log)
			}
			for _, subject := range subjects {
				mailRow(t, staff, "sent", subject)
			}
			if offered() {
				t.Errorf("every mail sent, 'send all again' is still offered")
			}
		})
	}
}
