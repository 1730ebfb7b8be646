package admin

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"immo/internal/domain/account"
	"immo/internal/domain/errs"
	"immo/internal/domain/inbox"
)

// The staff page's forms, by their action field; after one, the page
// says what it did (?done=…, admin.staff.done.*).
const (
	staffAdd       = "add"
	staffRole      = "role"
	staffDisable   = "disable"
	staffEnable    = "enable"
	staffResend    = "resend"
	staffReset2FA  = "reset2fa"
	staffEditorOn  = "editor-on"
	staffEditorOff = "editor-off"
)

var staffActions = []string{staffAdd, staffRole, staffDisable, staffEnable, staffResend, staffReset2FA, staffEditorOn, staffEditorOff}

// serveStaff answers the staff page (admins only) and its forms: add a
// member (their password link mailed), change a role, disable or enable,
// give an agent the right to edit the site or take it back, mail a
// password link again, reset a second factor. The domain makes and
// audits each change as the admin logged in; a refused one answers the
// page with why (422, 409), nothing changed.
func (h *Handler) serveStaff(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v, action := p.viewer, p.values["action"]
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return h.staffChange(ctx, v, p.values) },
		done: staffPath + "?done=" + action, form: action, item: true, notice: "admin.staff.done.", notices: staffActions})
	if answered {
		return
	}
	b := p.base
	list, err := h.o.StaffAdmin.List(ctx, v)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props := StaffProps{Base: b, Members: make([]StaffRow, 0, len(list)), Action: staffPath,
		Roles: []string{string(account.Admin), string(account.Agent)}, Langs: h.langs(ctx)}
	if h.o.Access != nil {
		props.Access = accessPath
	}
	for _, m := range list {
		props.Members = append(props.Members, StaffRow{ID: m.ID, Name: m.Name(),
			Email: m.Email, Role: string(m.StaffRole), Disabled: m.Disabled, TwoFactor: m.TwoFactor, SiteEditor: m.SiteEditor,
			PasswordSet: m.PasswordSet, LastLink: stamp(m.LastLink), Self: m.ID == v.Account.ID})
	}
	h.render(w, r, props, b, status)
}

// staffChange makes the change a staff page's form posted, as by: the add
// form's field problems, or the domain's refusal.
func (h *Handler) staffChange(ctx context.Context, by account.Viewer, values map[string]string) (map[string]string, error) {
	s := h.o.StaffAdmin
	action := values["action"]
	if action == staffAdd {
		_, problems, err := s.Add(ctx, by, account.NewStaff{Email: values["email"], FirstName: values["firstName"],
			LastName: values["lastName"], Lang: values["lang"], Role: account.StaffRole(values["role"])})
		return problems, err
	}
	if !slices.Contains(staffActions, action) {
		return nil, &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
	}
	id, err := strconv.ParseInt(values["id"], 10, 64)
	if err != nil || id <= 0 {
		return nil, &errs.Error{Code: errs.Invalid, Field: "form", Key: inbox.KeyID, Message: "admin: bad staff id"}
	}
	switch action {
	case staffRole:
		return nil, s.SetRole(ctx, by, id, account.StaffRole(values["role"]))
	case staffDisable, staffEnable:
		return nil, s.SetDisabled(ctx, by, id, action == staffDisable)
	case staffEditorOn, staffEditorOff:
		return nil, s.SetSiteEditor(ctx, by, id, action == staffEditorOn)
	case staffResend:
		return nil, s.Resend(ctx, by, id)
	default: // staffReset2FA
		return nil, s.ResetTOTP(ctx, by, id)
	}
}
