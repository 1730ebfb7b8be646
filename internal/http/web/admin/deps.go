package admin

import (
	"context"
	"io"
	"net/http"

	"immo/internal/domain/account"
	"immo/internal/domain/field"
	"immo/internal/domain/inbox"
	"immo/internal/http/web"
)

// Inbox is the leads' back office (inbox.Service).
type Inbox interface {
	List(ctx context.Context, f inbox.Filter) (inbox.Page, error)
	Count(ctx context.Context, f inbox.Filter) (n int, more bool, err error)
	Lead(ctx context.Context, id int64) (inbox.Detail, error)
	File(ctx context.Context, id int64, name string) (inbox.FileInfo, io.ReadSeeker, error)
	Latest(ctx context.Context) (int64, error)
	MoveStatus(ctx context.Context, actor, id int64, from, to inbox.Status) error
	AddNote(ctx context.Context, actor, id int64, text string) error
	Assign(ctx context.Context, actor, id, assignee int64) error
	Export(ctx context.Context, actor int64, f inbox.Filter, c inbox.CSV, w io.Writer) error
}

// SignIn is a staff login's two steps (account.StaffService): the
// password (account.ErrLogin when wrong, the same for an unknown address),
// then, when codeNext, a code of the account's second factor
// (account.ErrCode, account.ErrCodeBraked when refused).
type SignIn interface {
	Password(ctx context.Context, email, password string) (a account.Account, codeNext bool, err error)
	Code(ctx context.Context, id int64, code string) (account.Account, error)
	// Link and SetPassword follow a staff password link (the first
	// password, or another an admin sent): account.ErrUnknownToken when
	// the link is unknown, used or expired.
	Link(ctx context.Context, token string) (account.Account, error)
	SetPassword(ctx context.Context, token, password, confirm string) (account.Account, field.Errors, error)
	// NeedsCode says whether account id signs in with a second factor: a
	// password link then leads to the code, as the login does.
	NeedsCode(ctx context.Context, id int64) (bool, error)
}

// Brakes brake failed logins as the site's do (web.LoginBrakes): the
// staff's login is every role's.
type Brakes interface {
	// Try is a login of role's email from ip, on the device its cookie's
	// value names (DeviceOf; "" none), behind the brakes: check is asked
	// unless one holds, its failure counted.
	Try(ctx context.Context, role account.Role, email, ip, device string,
		check func(ctx context.Context, email string) (account.Account, error)) (web.Attempt, error)
	// DeviceCookie makes this browser a device of role's email.
	DeviceCookie(role account.Role, email string) *http.Cookie
	// Refuse tells of a login refused after the password (a wrong code).
	Refuse(role account.Role, why web.Refusal)
}

// StaffDirectory is the enabled staff (account.Members), for the
// assignment list and the assignee column (every staff member sees it;
// managing it is an admin's).
type StaffDirectory interface {
	Enabled(ctx context.Context) ([]account.StaffMember, error)
}

// StaffName is one staff member as the lists name them.
type StaffName struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Sessions keep who is logged in to the inbox (session.Manager with the
// inbox's cookie).
type Sessions interface {
	Viewer(next http.Handler) http.Handler
	Start(ctx context.Context, accountID int64) error
	Await(ctx context.Context, accountID int64) error
	Awaiting(ctx context.Context) int64
	End(ctx context.Context) error
	// Flash keeps a value for the session's next Pop of key (once).
	Flash(ctx context.Context, key, value string)
	Pop(ctx context.Context, key string) string
}
