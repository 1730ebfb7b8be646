package admin

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"immo/internal/adapter/importer"
	"immo/internal/adapter/mailqueue"
	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/audit"
	"immo/internal/domain/demand"
	"immo/internal/domain/errs"
	"immo/internal/domain/i18n"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
	"immo/internal/domain/testimonial"
	"immo/internal/http/web"
	"immo/internal/http/web/views"
)

// keyInCode is a translation key written out in the inbox's React code.
var keyInCode = regexp.MustCompile(`['"` + "`" + `]((?:admin|forms\.error)\.[A-Za-z_.]+[A-Za-z_])['"` + "`" + `]`)

// TestEveryTextTranslated fails on a word of the inbox missing in a
// language: each key the inbox's code names, the keys the Go side sends
// (errors, the login's messages), and the families the pages build from
// values (kinds, statuses, mail states, audit actions, form fields, the
// views' titles).
func TestEveryTextTranslated(t *testing.T) {
	want := map[string]bool{}
	err := filepath.WalkDir("../../../../web/src/admin", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".tsx") && !strings.HasSuffix(path, ".ts") {
			return err
		}
		b, err := os.ReadFile(path)
		for _, m := range keyInCode.FindAllStringSubmatch(string(b), -1) {
			want[m[1]] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 40 {
		t.Fatalf("only %d keys found in web/src/admin: the pattern no longer sees them", len(want))
	}
	for _, k := range append(inbox.Errors, keyLoginFailed, keyLocked, keyFailure, "admin.error.action", "admin.noscript") {
		want[k] = true
	}
	for _, e := range []*errs.Error{mailqueue.ErrBadQuery, mailqueue.ErrNoMail, mailqueue.ErrNotRetrying, mailqueue.ErrNoAttachments} {
		want[e.Key] = true
	}
	want["admin.action.mail.retry"] = true
	want["admin.mails.done.retry"] = true
	for _, a := range []string{actionApprove, actionReject, actionEdit} {
		want["admin.testimonials.done."+a] = true
	}
	for _, k := range testimonial.Errors {
		want[k] = true
	}
	for _, a := range []testimonial.Action{testimonial.ActionApprove, testimonial.ActionReject, testimonial.ActionEdit} {
		want["admin.action."+string(a)] = true
	}
	for _, f := range lead.Specs[lead.KindTestimonial].Fields {
		for _, o := range f.Options {
			want["admin.testimonials.about."+o] = true
		}
	}
	for _, k := range kinds {
		want["admin.kind."+k] = true
	}
	for _, s := range statuses {
		want["admin.status."+s] = true
	}
	for _, s := range []mailqueue.State{mailqueue.Queued, mailqueue.Retrying, mailqueue.Sending, mailqueue.Sent, mailqueue.Failed} {
		want["admin.mail."+string(s)] = true
	}
	for _, a := range []audit.Action{lead.ActionReceived, inbox.ActionStatus, inbox.ActionAssign, inbox.ActionNote, inbox.ActionExport} {
		want["admin.action."+string(a)] = true
	}
	for _, s := range lead.Specs {
		for _, f := range s.Fields {
			want["admin.field."+f.Name] = true
		}
	}
	for _, v := range views.Admin {
		want["admin.title."+v.Name] = true
	}
	for _, n := range sections {
		want[n.label] = true
	}
	for _, a := range staffActions {
		want["admin.staff.done."+a] = true
	}
	for _, a := range factorActions {
		want["admin.account.done."+a] = true
	}
	for _, k := range []string{account.ErrLastAdmin.Key, account.ErrStaffTaken.Key, account.ErrStaffDisabled.Key, account.ErrCode.Key, account.ErrCodeBraked.Key,
		account.ErrTOTPOn.Key, account.ErrNoTOTP.Key, account.ErrOwnerDisabled.Key,
		account.ErrOwnerNoProperty.Key, account.KeyOwnerSearch, "admin.owners.done.resend", demand.KeyRegisteredSearch, demand.KeyRegisteredState,
		"admin.demands.yes", "admin.demands.no"} {
		want[k] = true
	}
	for _, header := range [][]string{demandsCSV, abuseCSV, mailsCSV, ownersCSV} {
		for _, k := range header {
			want[k] = true
		}
	}
	// The abuse page's reasons (the limits' names wired in internal/app
	// and antispam's own), the places outside the forms, its messages.
	for _, r := range []string{antispam.ReasonHoneypot, antispam.ReasonProof, antispam.ReasonRequests, "proof-hour", "noproof-hour",
		"noproof-day", "noproof-site", "friend-day", "newsletter-day", "mailto-day", "unsubscribe-hour", "unsubscribe-to-day",
		"forgot-hour", "login-account-ip", "login-ip", "login-account", "code-account"} {
		want["admin.abuse.reason."+r] = true
	}
	for _, a := range []string{web.LoginArea(account.Owner), web.LoginArea(account.Registrant), web.LoginArea(account.Staff),
		account.CodeArea, web.UnsubscribeArea, web.ForgotArea} {
		want[areaKey(Texts{}, a)] = true
	}
	for _, k := range []string{antispam.ErrNoHold.Key, "admin.abuse.error.days", "admin.abuse.done.release",
		"admin.action." + antispam.ActionRelease, "admin.audit.kinds." + antispam.AuditTarget} {
		want[k] = true
	}
	// The catalog's runs: each problem and reason the importer keys, each
	// count in the singular and the plural (RunsPage builds their keys).
	for _, k := range importer.ProblemKeys {
		want["admin.runs.problem."+k] = true
	}
	for _, k := range importer.ErrorKeys {
		want["admin.runs.error."+k] = true
	}
	for _, c := range []string{"added", "updated", "unchanged", "rejected", "offline", "imported"} {
		want["admin.runs.count."+c+"_one"], want["admin.runs.count."+c+"_other"] = true, true
	}
	for _, c := range []string{"failures", "picturesFailed"} { // FeedsSection's counts
		want["admin.feeds."+c+"_one"], want["admin.feeds."+c+"_other"] = true, true
	}
	for _, lang := range i18n.Languages {
		have := texts()[lang]
		for k := range want {
			if have[k] == "" {
				t.Errorf("%s: %s is not translated", lang, k)
			}
		}
	}
}
