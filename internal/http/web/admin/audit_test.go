package admin

import (
	"immo/internal/domain/lead"
	"testing"

	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/i18n"
	"immo/internal/domain/testimonial"
)

// Every value the log keeps as a code is written in the admin's words, in
// every language: a role given at a member's creation, a testimonial's
// states.
func TestAuditValuesInWords(t *testing.T) {
	for _, lang := range i18n.Languages {
		tx := texts()[lang]
		for _, tc := range []struct {
			e                     audit.Entry
			wantBefore, wantAfter string
		}{
			{audit.Entry{TargetKind: account.StaffAuditTarget, Action: audit.Action(account.StaffAdded), After: "agent"},
				"", tx["admin.staff.roles.agent"]},
			{audit.Entry{TargetKind: account.StaffAuditTarget, Action: audit.Action(account.StaffRoleChanged), Before: "agent", After: "admin"},
				tx["admin.staff.roles.agent"], tx["admin.staff.roles.admin"]},
			{audit.Entry{TargetKind: testimonial.AuditTarget, Action: audit.Action(testimonial.ActionApprove), Before: "pending", After: "published"},
				tx["admin.testimonials.statePending"], tx["admin.testimonials.statePublished"]},
			{audit.Entry{TargetKind: lead.AuditTarget, Action: lead.ActionReceived, After: string(lead.KindSiteContact)},
				"", tx["admin.kind.site-contact"]},
		} {
			before, after, _, _ := auditValues(tx, nil, tc.e)
			if tc.e.Action == lead.ActionReceived && actorName(tx, nil, audit.Visitor) != tx["admin.audit.visitor"] {
				t.Errorf("%s: a request received is by %q", lang, actorName(tx, nil, audit.Visitor))
			}
			if before != tc.wantBefore || after != tc.wantAfter || after == "" {
				t.Errorf("%s: %s %s → %q, %q; want %q, %q", lang, tc.e.TargetKind, tc.e.Action, before, after, tc.wantBefore, tc.wantAfter)
			}
		}
	}
}
