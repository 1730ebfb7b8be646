package admin

import (
	"testing"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
	"immo/internal/domain/inbox"
	"immo/internal/domain/testimonial"
)

// Every value the log keeps as a code is written in the admin's words, in
// every language: a role given at a member's creation, a testimonial's
// states.
func TestAuditValuesInWords(t *testing.T) {
	for _, lang := range i18n.Languages {
		tx := texts()[lang]
		for _, tc := range []struct {
			e                     inbox.Entry
			wantBefore, wantAfter string
		}{
			{inbox.Entry{TargetKind: account.StaffAuditTarget, Action: inbox.Action(account.StaffAdded), After: "agent"},
				"", tx["admin.staff.roles.agent"]},
			{inbox.Entry{TargetKind: account.StaffAuditTarget, Action: inbox.Action(account.StaffRoleChanged), Before: "agent", After: "admin"},
				tx["admin.staff.roles.agent"], tx["admin.staff.roles.admin"]},
			{inbox.Entry{TargetKind: testimonial.AuditTarget, Action: inbox.Action(testimonial.ActionApprove), Before: "pending", After: "published"},
				tx["admin.testimonials.statePending"], tx["admin.testimonials.statePublished"]},
		} {
			before, after, _, _ := auditValues(tx, nil, tc.e)
			if before != tc.wantBefore || after != tc.wantAfter || after == "" {
				t.Errorf("%s: %s %s → %q, %q; want %q, %q", lang, tc.e.TargetKind, tc.e.Action, before, after, tc.wantBefore, tc.wantAfter)
			}
		}
	}
}
