package main

import (
	"context"
	"strings"
	"testing"

	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
)

// immo staff add creates a staff account once with its role, and queues
// the mail with the inbox's password link in the member's language; list
// shows the staff, admins first; reset-2fa removes a second factor. Each
// change is in the audit log as the command line's (actor 0).
func TestStaffCommand(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("IMMO_PUBLIC_URL", "")
	t.Setenv("IMMO_CONFIG", "")
	dir := t.TempDir()
	staff := func(args ...string) (string, error) {
		out := captureStdout(t)
		err := run(context.Background(), append([]string{"staff", "--data-dir", dir}, args...))
		return out.String(), err
	}
	out, err := staff("add", "Ann@Example.be", "--role", "admin", "--lang", "nl", "--first", "Ann", "--last-name", "Peeters",
		"--public-url", "https://immo.example")
	if err != nil || !strings.Contains(out, "created") || !strings.Contains(out, "ann@example.be, admin (nl)") {
		t.Fatalf("add: %v\n%s", err, out)
	}
	if out, err := staff("add", "bob@example.be", "--role", "agent"); err != nil || !strings.Contains(out, "agent (fr)") { // the site's language
		t.Fatalf("add an agent: %v\n%s", err, out)
	}
	if out, err := staff("add", "ops@platform.test", "--role", "operator", "--lang", "en"); err != nil || !strings.Contains(out, "operator (en)") {
		t.Fatalf("add the platform's operator: %v\n%s", err, out)
	}
	if out, err := staff("disable", "ops@platform.test"); err != nil || !strings.Contains(out, "disabled") {
		t.Fatalf("disable the operator: %v\n%s", err, out)
	}
	if out, err := staff("enable", "OPS@platform.test"); err != nil || !strings.Contains(out, "enabled") {
		t.Fatalf("enable the operator: %v\n%s", err, out)
	}
	if _, err := staff("add", "ops2@platform.test", "--role", "operator", "--agency", "2"); err == nil || !strings.Contains(err.Error(), "first agency") {
		t.Errorf("an operator of agency 2: %v", err)
	}
	for _, bad := range [][]string{{"add", "ann@example.be", "--role", "agent"}, {"add", "carl@example.be"}, {"disable", "nobody@example.be"},
		{"disable", "ann@example.be"}, {"enable"},
		{"add", "carl@example.be", "--role", "boss"}, {"add", "not-an-address", "--role", "agent"},
		{"add", "carl@example.be", "--role", "agent", "--lang", "es"}, {"list", "extra"}, {"remove", "ann@example.be"}, {},
		{"reset-2fa", "nobody@example.be"}} {
		if _, err := staff(bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	out, err = staff("list")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.Contains(lines[1], "admin") || !strings.Contains(lines[1], "ann@example.be") ||
		!strings.Contains(lines[1], "not yet") || !strings.Contains(lines[1], "Ann Peeters") || !strings.Contains(lines[2], "bob@example.be") {
		t.Fatalf("list:\n%s", out)
	}

	// A second factor on, then removed from the command line.
	store, err := storage.Open(t.Context(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	ann, err := store.Accounts().ByEmail(t.Context(), account.Staff, "ann@example.be")
	if err != nil || ann.StaffRole != account.Admin || ann.FirstName != "Ann" {
		t.Fatalf("the admin: %+v %v", ann, err)
	}
	if ok, _, _ := account.VerifyPassword(ann.PasswordHash, ""); ok {
		t.Fatal("an empty password opens the account")
	}
	noop := func(context.Context, mail.Tx, account.Account) error { return nil }
	if err := store.Staff().PutPendingTOTP(t.Context(), ann.ID, "sealed"); err != nil {
		t.Fatal(err)
	}
	if err := store.Staff().EnableTOTP(t.Context(), ann.ID, "sealed", 1, noop); err != nil {
		t.Fatal(err)
	}
	store.Close()
	if out, err := staff("reset-2fa", "ANN@example.be"); err != nil || !strings.Contains(out, "second factor removed") {
		t.Fatalf("reset-2fa: %v\n%s", err, out)
	}
	store, err = storage.Open(t.Context(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Staff().TOTP(t.Context(), ann.ID); err != account.ErrNoTOTP {
		t.Fatalf("after reset-2fa: %v", err)
	}
	entries, err := store.(interface{ Audit() *sqlstore.Audit }).Audit().List(t.Context(), audit.Query{TargetKind: account.StaffAuditTarget, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	for _, e := range entries { // newest first
		log = append(log, string(e.Action)+" "+e.After)
		if e.Actor != 0 {
			t.Errorf("an entry of the command line by %d", e.Actor)
		}
	}
	if got := strings.Join(log, "|"); got != "staff.totp-reset |staff.enable enabled|staff.disable disabled|staff.add operator|staff.add agent|staff.add admin" {
		t.Errorf("audit log %q", got)
	}
	store.Close()

	// Two mails queued; the admin's, in Dutch, links to the inbox's page.
	mails := captureStdout(t)
	if err := run(context.Background(), []string{"mail", "--data-dir", dir}); err != nil {
		t.Fatal(err)
	}
	var annMail string
	for _, line := range strings.Split(mails.String(), "\n") {
		if strings.Contains(line, "ann@example.be") {
			annMail = strings.Fields(line)[0]
		}
	}
	if strings.Count(mails.String(), "@example.be") != 2 || !strings.Contains(mails.String(), "ops@platform.test") || annMail == "" {
		t.Fatalf("mails:\n%s", mails)
	}
	text := captureStdout(t)
	if err := run(context.Background(), []string{"mail", "--data-dir", dir, "--text", annMail}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "https://immo.example"+account.StaffPasswordPath+"?token=") ||
		!strings.Contains(text.String(), "Mijn wachtwoord kiezen") || !strings.Contains(text.String(), "beheerder") {
		t.Fatalf("the admin's mail:\n%s", text)
	}
	help := captureStdout(t)
	if err := run(context.Background(), []string{"staff", "--help"}); err != nil || !strings.Contains(help.String(), "--role admin|agent|operator") {
		t.Fatalf("help: %v %s", err, help)
	}
}
