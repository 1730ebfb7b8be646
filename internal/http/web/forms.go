package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"runtime/debug"
	"slices"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/listing"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/route"
)

// A visitor form posts to its page's own address. The page handler answers
// the POST of a page that holds the form (route.Resolver.Forms) and whose
// kind has a handler in Forms:
//
//   - valid: 303 See Other to the form's thank-you page (/{lang}/feedback/{form}/,
//     /fr/merci/…). A browser without JavaScript follows it with a GET; the
//     client's fetch follows it too, keeping its X-Inertia headers, and gets
//     the thank-you page object.
//   - invalid: 422 with the same page and two more props: `errors` (form
//     field → translation key, as the domain's validators return them; the
//     form-level one under "form") and `form` ({name, values}: what the
//     visitor typed, passwords left out, so the page without JavaScript
//     shows the form filled in). With X-Inertia the page object as JSON,
//     else the rendered HTML page. We answer 422 to both rather than
//     Inertia's 200: the status says what happened to any client, and our
//     router shows any response carrying X-Inertia as a page.
//   - the handler failed: 500, the page with errors.form =
//     field.KeySendFailed ("Your mail was not sent, try again"); it
//     panicked: 500, field.KeyAPIError ("API ERROR"). Both keep the values.
//
// Every other POST is 405 as before: no handler registered, a page without
// that form, a redirect or an error page. A body over MaxFormBytes is 413,
// a cross-origin post (another site's form) 403.
//
// A form with a file (a CV, a picture) posts multipart/form-data, with
// JavaScript too: its handler names its file fields (FileFields), and only
// on a page holding such a form does a multipart post read files, its bound
// raised per file field (readForm). The files reach the handler in
// FormPost.Files, never a public address.

// MaxFormBytes bounds a posted form's fields. The longest form (a rent
// application with a 5000-character remark) is under 16 KiB; files get
// their own bound on top (readForm).
const MaxFormBytes = 64 << 10

// Forms is the registry of form handlers by form kind, built in cmd.
type Forms map[string]FormHandler

// FormHandler handles one kind of form.
type FormHandler interface {
	// Submit validates and keeps the post, and says what comes next: field
	// errors (keys of package field) send the page back with them; else the
	// visitor goes on, their session started, renewed or ended. An error is
	// a failure of ours.
	Submit(ctx context.Context, p FormPost) (Outcome, error)
}

// Outcome is what a form handler decided of a post.
type Outcome struct {
	// Errors, when any, send the page back with them: nothing was kept.
	Errors field.Errors
	// Next is where a kept post leads: a path of the site; "" is the
	// form's thank-you page.
	Next string
	// Session is what becomes of the poster's session; Account is the
	// account SessionStart logs in.
	Session SessionChange
	Account int64
	// Role is the role SessionStart logs in: the browser is told it
	// (ViewerCookie) for the cached pages' header.
	Role account.Role
	// Cookie, when set, is sent with a kept post's answer (a login's
	// device cookie).
	Cookie *http.Cookie
}

// Refused is the outcome of a post sent back with errs (none: kept).
func Refused(errs field.Errors) Outcome { return Outcome{Errors: errs} }

// SessionChange is what a form does to the poster's session.
type SessionChange int

const (
	SessionKept  SessionChange = iota // left as it is (a visitor's request)
	SessionStart                      // a login, a registration: a new token for Outcome.Account
	SessionRenew                      // a new token, the same account (a password changed)
	SessionEnd                        // a logout
)

// Sessions change the poster's session (session.Manager). A form whose
// outcome changes it posts on a route that runs Viewer (viewerPage).
type Sessions interface {
	Viewer(next http.Handler) http.Handler
	Start(ctx context.Context, account int64) error
	Renew(ctx context.Context) error
	End(ctx context.Context) error
}

// errNoSessions says a form changed a session on a route without them.
var errNoSessions = errors.New("web: a form outcome changes the session on a route without one")

// FormChecker is a FormHandler that can check a post without keeping it:
// what Submit would refuse before any spam check. A post with the header
// CheckHeader (the browser found problems) gets only that: the page with
// every problem, its own rules' too, so the visitor sees them in one round;
// nothing is kept, no proof spent, no limit counted.
type FormChecker interface {
	Check(ctx context.Context, p FormPost) field.Errors
}

// CheckHeader marks a post to check only (web/src/shared/forms VisitorForm).
const CheckHeader = "X-Form-Check"

// FileFields is a FormHandler whose forms take files: the names of the file
// fields of form (none: a post's files are skipped).
type FileFields interface {
	FileFields(form string) []string
}

// FormHandlerFunc adapts a function to FormHandler.
type FormHandlerFunc func(ctx context.Context, p FormPost) (Outcome, error)

func (f FormHandlerFunc) Submit(ctx context.Context, p FormPost) (Outcome, error) {
	return f(ctx, p)
}

// FormPost is one posted form.
type FormPost struct {
	Form   string     // the kind
	Lang   string     // the page's language
	Page   string     // the page's address: its path as requested, its canonical query (a project's ?id=)
	Values url.Values // the posted fields (a checkbox group has several values)
	IP     string     // the sender's address, to be hashed, never stored (lead.IPHasher)
	// Files are the posted files of the form's file fields (FileFields),
	// the first of each, as the browser named them, unchecked: Field, Name
	// and Data set (at most upload.MaxSize+1 bytes: one more says too large).
	Files []lead.File
	// The property or project of the page (0: none), from the resolved
	// page, never from a posted field.
	PropertyID, ProjectID int64
	// Cookies are the request's (a login reads its device cookie); nil:
	// none.
	Cookies []*http.Cookie
}

// cookie is the value of the posted request's cookie name, "" when none.
func (p FormPost) cookie(name string) string {
	for _, c := range p.Cookies {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// Value is the first value of name, as a one-value field posts it.
func (p FormPost) Value(name string) string { return p.Values.Get(name) }

// First is every field's first value, as lead.Decode takes them.
func (p FormPost) First() map[string]string {
	m := make(map[string]string, len(p.Values))
	for k, v := range p.Values {
		if len(v) > 0 {
			m[k] = v[0]
		}
	}
	return m
}

// formField is the hidden field naming the form, for a page holding several.
const formField = "form"

var crossOrigin = http.NewCrossOriginProtection()

func (h *Handler) servePost(w http.ResponseWriter, r *http.Request) {
	var held []string
	var page route.PostPage
	if len(h.forms) > 0 { // none registered: 405 at once, as before forms
		// What the post needs of its page, the page itself resolved only to
		// send it back with errors.
		page = h.routes(r.Context()).PostPage(r.URL.EscapedPath(), r.URL.Query())
		for _, f := range page.Forms {
			if h.forms[f] != nil {
				held = append(held, f)
			}
		}
	}
	if len(held) == 0 {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	if err := crossOrigin.Check(r); err != nil {
		http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		return
	}
	var uploads []string
	for _, f := range held {
		if ff, ok := h.forms[f].(FileFields); ok {
			uploads = append(uploads, ff.FileFields(f)...)
		}
	}
	slices.Sort(uploads)
	values, files, release, status := readFiles(w, r, slices.Compact(uploads))
	defer release() // the files' memory (upload.Files), once the post is answered
	if status != 0 {
		http.Error(w, http.StatusText(status), status)
		return
	}
	form := values.Get(formField)
	if own := slices.DeleteFunc(slices.Clone(held), func(f string) bool { return f == string(lead.KindNewsletter) }); form == "" && len(own) == 1 {
		form = own[0] // the page's only form of its own (the footer's sign-up always names itself)
	}
	if !slices.Contains(held, form) {
		http.Error(w, "unknown form", http.StatusBadRequest)
		return
	}
	values.Del(formField)
	address := r.URL.EscapedPath()
	if page.Query != "" { // the page's own query (a project's ?id=), in its canonical form
		address += "?" + page.Query
	}
	post := FormPost{Form: form, Lang: page.Lang, Page: address, Values: values, IP: remoteIP(r),
		PropertyID: page.PropertyID, ProjectID: page.ProjectID, Files: files}
	if r.Header.Get(CheckHeader) == "true" {
		var errs field.Errors
		if c, ok := h.forms[form].(FormChecker); ok {
			errs = c.Check(r.Context(), post)
		}
		status := http.StatusUnprocessableEntity
		if len(errs) == 0 {
			status = http.StatusOK // nothing the server refuses: the browser's word stands
		}
		h.formPage(w, r, post, errs, status)
		return
	}
	// The request's mails name the page's property as the page looked it up.
	r = r.WithContext(listing.NewContext(r.Context(), page.Listing))
	h.answer(w, r, h.forms[form], post, h.routes(r.Context()).ThankYouURL(form, page.Lang)+thankYouFragment,
		func(errs field.Errors, status int) { h.formPage(w, r, post, errs, status) })
}

// answer submits post to fh and answers the outcome: the page again with
// errors (refuse), or the session changed and on to where the outcome
// leads (thanks when it names nowhere). Every form of every route answers
// through here.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, fh FormHandler, post FormPost, thanks string,
	refuse func(errs field.Errors, status int)) {
	out, err := submit(r.Context(), fh, post)
	if err == nil && len(out.Errors) == 0 {
		err = h.changeSession(r, out)
	}
	switch {
	case errors.Is(err, errUnexpected):
		h.log.Error("form failed", "form", post.Form, "url", r.URL.RequestURI(), "err", err)
		refuse(field.Errors{formField: field.KeyAPIError}, http.StatusInternalServerError)
	case err != nil:
		h.log.Error("form not kept", "form", post.Form, "url", r.URL.RequestURI(), "err", err)
		refuse(field.Errors{formField: field.KeySendFailed}, http.StatusInternalServerError)
	case len(out.Errors) > 0:
		if !respond.IsClient(r) {
			// The page comes back with its file inputs empty (a browser cannot
			// fill one): ask again for the files that were fine.
			for _, f := range post.Files {
				if _, bad := out.Errors[f.Field]; !bad && len(f.Data) > 0 {
					out.Errors[f.Field] = field.KeyFileAgain
				}
			}
		}
		refuse(out.Errors, http.StatusUnprocessableEntity)
	default:
		next := thanks
		if out.Next != "" {
			next = out.Next
		}
		if out.Cookie != nil {
			http.SetCookie(w, out.Cookie)
		}
		h.tellViewer(w, out)
		h.rs.Redirect(w, r, next, http.StatusSeeOther)
	}
}

// changeSession does what out says to the poster's session. The session
// manager panics on a route that runs no Viewer: a bug of ours, "API ERROR".
func (h *Handler) changeSession(r *http.Request, out Outcome) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: %w: %v", errUnexpected, errNoSessions, v)
		}
	}()
	if out.Next != "" && (!strings.HasPrefix(out.Next, "/") || strings.HasPrefix(out.Next, "//")) {
		return fmt.Errorf("%w: a form leads out of the site (%q)", errUnexpected, out.Next)
	}
	if out.Session == SessionKept {
		return nil
	}
	if h.sessions == nil {
		return fmt.Errorf("%w: %w", errUnexpected, errNoSessions)
	}
	switch out.Session {
	case SessionStart:
		err = h.sessions.Start(r.Context(), out.Account)
	case SessionRenew:
		err = h.sessions.Renew(r.Context())
	case SessionEnd:
		err = h.sessions.End(r.Context())
	}
	return err
}

// thankYouFragment ends the address a kept post is sent to. A browser
// following a redirect keeps the fragment of the address it posted to
// (/fr/contact/#contact) unless the new address has one of its own: the
// thank-you page's main content, not the form's anchor. (The client's router
// drops a fragment that leaves its page.)
const thankYouFragment = "#main"

// errUnexpected marks a handler's panic: a fault of ours that trying again
// will not cure ("API ERROR"), unlike a store that failed ("Your mail was
// not sent, try again").
var errUnexpected = errors.New("unexpected failure")

// submit runs the handler, turning its panic into errUnexpected so that the
// visitor gets the page back with what they typed.
func submit(ctx context.Context, fh FormHandler, p FormPost) (out Outcome, err error) {
	defer func() {
		if v := recover(); v != nil {
			out, err = Outcome{}, fmt.Errorf("%w: %v\n%s", errUnexpected, v, debug.Stack())
		}
	}()
	// Every form of the site and the accounts passes here: a value no
	// database stores as text (a NUL, bytes that are no UTF-8) is refused
	// before any handler looks it up.
	if name := field.Unstorable(p.Values, formField); name != "" {
		return Refused(field.Errors{name: field.KeyControl}), nil
	}
	return fh.Submit(ctx, p)
}

// formPage answers the page again with the post's errors and values. It is
// never cached: it holds what one visitor typed.
func (h *Handler) formPage(w http.ResponseWriter, r *http.Request, post FormPost, errs field.Errors, status int) {
	res := h.routes(r.Context()).Resolve(r.URL.EscapedPath(), r.URL.Query())
	route.WithPost(res.Props, respond.PostedForm{Name: post.Form, Values: respond.Typed(post.Values)}, errs)
	res.Status = status
	p := h.page(h.routes(r.Context()), res)
	p.NoStore = true
	h.rs.Render(w, r, p)
}
