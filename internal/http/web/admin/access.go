package admin

import (
	"context"
	"net/http"
	"strconv"

	"immo/internal/domain/account"
	"immo/internal/domain/errs"
	"immo/internal/domain/platform"
)

// The agency's leave for the platform's operator to read its leads (issue
// #35): an admin's page that gives it for a few days or takes it back,
// each in the audit log, as is every reading by the operator.
const accessPath = Prefix + "access/"

// The access page's forms.
const (
	accessGive     = "give"
	accessWithdraw = "withdraw"
)

// AccessProps are the agency's leave for the platform's operator.
type AccessProps struct {
	Base
	Action string `json:"action"`
	Days   []int  `json:"days"` // the lengths to choose from
	// Until is when the leave ends ("": none given, or ended); Given
	// when and By by whom it was given.
	Until string `json:"until"`
	Given string `json:"given"`
	By    string `json:"by"`
	// Audit is the audit log (where the readings are listed).
	Audit string `json:"audit"`
}

func (AccessProps) View() string { return ViewAccess }

// serveAccess answers the leave's page and its two forms.
func (h *Handler) serveAccess(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v, action := p.viewer, p.values["action"]
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return h.accessChange(ctx, v, p.values) },
		done: accessPath + "?done=" + action, form: action, notice: "admin.access.done.", notices: []string{accessGive, accessWithdraw}})
	if answered {
		return
	}
	g, err := h.o.Access.Current(ctx)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props := AccessProps{Base: p.base, Action: accessPath, Days: platform.GrantDays, Audit: auditPath}
	if g.Active(h.o.Now()) {
		_, names, err := h.auditNames(r) // the admin who gave it, even disabled since
		if err != nil {
			h.fail(w, r, http.StatusInternalServerError, err)
			return
		}
		props.Until, props.Given, props.By = stamp(g.Until), stamp(g.At), nameOr(names, g.By)
	}
	h.render(w, r, props, p.base, status)
}

// accessChange gives or withdraws the leave, as the admin by.
func (h *Handler) accessChange(ctx context.Context, by account.Viewer, values map[string]string) (map[string]string, error) {
	switch values["action"] {
	case accessGive:
		days, err := strconv.Atoi(values["days"])
		if err != nil {
			return map[string]string{"days": platform.KeyDays}, nil
		}
		return nil, h.o.Access.Give(ctx, by, days)
	case accessWithdraw:
		return nil, h.o.Access.Withdraw(ctx, by)
	}
	return nil, &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
}
