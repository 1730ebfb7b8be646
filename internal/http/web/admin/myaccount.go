package admin

import (
	"context"
	"encoding/base64"
	"net/http"

	"immo/internal/domain/account"
	"immo/internal/domain/errs"
)

// The sign-in page's forms, by their action field; after one, the page
// says what it did (?done=…, admin.account.done.*).
const (
	factorBegin   = "begin"   // a new key, waiting for its first code
	factorConfirm = "confirm" // its first code: the factor on
	factorOff     = "off"     // a current code: the factor off
	myLang        = "lang"    // the inbox's language
)

var factorActions = []string{factorBegin, factorConfirm, factorOff, myLang}

// qrSize is the QR code's side in pixels: scanned from a screen at arm's
// length, small enough for a phone's column.
const qrSize = 240

// serveAccount answers a staff member's own sign-in page and its forms:
// their second factor begun (its QR code and key shown until a first code
// from the app turns it on) or turned off with a current code — never
// with the session alone, which a stolen cookie would be. The domain
// audits each change.
func (h *Handler) serveAccount(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	// The domain's refusal on its field (account.ErrCode, ErrCodeBraked:
	// 429, ErrTOTPOn, ErrNoTOTP: 409).
	v, action := p.viewer, p.values["action"]
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return only(h.factorChange(ctx, v, p.values)) },
		done: accountPath + "?done=" + action, form: action, item: true, notice: "admin.account.done.", notices: factorActions})
	if answered {
		return
	}
	b := p.base
	props, err := h.accountProps(ctx, b, v)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	h.render(w, r, props, b, status)
}

// factorChange makes the change a sign-in page's form posted, to by's own
// factor.
func (h *Handler) factorChange(ctx context.Context, by account.Viewer, values map[string]string) error {
	f := h.o.MyFactor
	switch values["action"] {
	case factorBegin:
		_, err := f.BeginTOTP(ctx, by)
		return err
	case factorConfirm:
		return f.ConfirmTOTP(ctx, by, values["code"])
	case factorOff:
		return f.TurnOffTOTP(ctx, by, values["code"])
	case myLang:
		return f.SetLang(ctx, by, values["lang"], h.langs(ctx))
	}
	return &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
}

// accountProps are v's sign-in page: a waiting factor's QR code and key.
func (h *Handler) accountProps(ctx context.Context, b Base, v account.Viewer) (AccountProps, error) {
	a := v.Account
	p := AccountProps{Base: b, Name: a.Name(), Email: a.Email,
		Role: string(a.StaffRole), TwoFactor: "off", Action: accountPath, Chosen: a.Lang, Langs: h.langs(ctx)}
	on, waiting, err := h.o.MyFactor.TOTPOf(ctx, v)
	switch {
	case err != nil:
		return p, err
	case on:
		p.TwoFactor = "on"
	case waiting:
		e, err := h.o.MyFactor.PendingTOTP(ctx, v)
		if err != nil {
			return p, err
		}
		png, err := account.QRCode(e.URL, qrSize)
		if err != nil {
			return p, err
		}
		p.TwoFactor, p.Secret = "waiting", e.Secret
		p.QR = "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
	}
	return p, nil
}
