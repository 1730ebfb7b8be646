package platform

import (
	"context"
	"strings"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/inbox"
)

// Console is the platform operator's side (issue #35): the agencies, each
// one's health, adding, disabling and renaming hosts, and an agency's
// leads while it grants the leave. Every service refuses anyone but the
// operator (account.Viewer.IsOperator); what the operator does to an
// agency is written in that agency's audit log.
type Console struct {
	Agencies *Service
	// Reach is what the console reads of agency id: a store bound to it.
	Reach func(id int64) Reach
	// Queue reads the mail queue every agency shares.
	Queue func(ctx context.Context) (QueueHealth, error)
	Now   func() time.Time // nil: time.Now
}

// QueueHealth is the mail queue's state: mails waiting, the oldest's time
// (zero: none waits), mails given up.
type QueueHealth struct {
	Waiting int
	Oldest  time.Time
	Failed  int
}

// QueueHealth is the shared mail queue's state, for the operator by.
func (c *Console) QueueHealth(ctx context.Context, by account.Viewer) (QueueHealth, error) {
	if err := operator(by); err != nil {
		return QueueHealth{}, err
	}
	return c.Queue(ctx)
}

// Reach is one agency as the console reaches it.
type Reach interface {
	HealthReader
	// Grant is the agency's leave (GrantStore.Grant).
	Grant(ctx context.Context) (Grant, error)
	// Log writes an entry of the agency's audit log.
	Log(ctx context.Context, e audit.Entry) error
	// Leads are the agency's newest leads (spam left out), at most limit.
	Leads(ctx context.Context, limit int) ([]inbox.Row, error)
	// Mails are the agency's mails in the shared queue: waiting, failed.
	Mails(ctx context.Context) (QueueHealth, error)
}

// HealthWindow is how far back an agency's health counts its leads.
const HealthWindow = 7 * 24 * time.Hour

// LeadsShown bounds the leads the operator reads at once.
const LeadsShown = 100

// Errors of the console.
var (
	// ErrNotOperator: the page is the platform operator's.
	ErrNotOperator = &errs.Error{Code: errs.Forbidden, Message: "platform: only the platform's operator"}
	// ErrNotGranted: the agency does not (or no longer) grant the leave.
	ErrNotGranted = &errs.Error{Code: errs.Forbidden, Key: "admin.platform.error.notGranted",
		Message: "platform: the agency does not grant the operator access to its leads"}
	// ErrOwnAgency: the platform's own agency (the operator's) is never
	// disabled — it would lock the operator out.
	ErrOwnAgency = &errs.Error{Code: errs.Conflict, Field: "id", Key: "admin.platform.error.own",
		Message: "platform: the platform's own agency stays enabled"}
	// ErrOwnHosts: the platform's own agency's host names, where the
	// operator signs in, change on the command line only (immo agencies
	// set-host) — a mistyped one would lock the operator out.
	ErrOwnHosts = &errs.Error{Code: errs.Conflict, Field: "id", Key: "admin.platform.error.ownHosts",
		Message: "platform: the platform's own agency's host names change on the command line"}
)

// Overview is one agency as the console lists it.
type Overview struct {
	Agency
	Health Health
	Mails  QueueHealth // its mails in the shared queue
	Grant  Grant       // the zero Grant: none
	// Implicit: the deployment has no agency added; this is the one that
	// answers every host.
	Implicit bool
}

func operator(by account.Viewer) error {
	if !by.IsOperator() {
		return ErrNotOperator
	}
	return nil
}

// List is every agency with its health and leave; the implicit agency
// alone when none was added.
func (c *Console) List(ctx context.Context, by account.Viewer) ([]Overview, error) {
	if err := operator(by); err != nil {
		return nil, err
	}
	all, err := c.Agencies.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Overview, 0, max(len(all), 1))
	if len(all) == 0 {
		out = append(out, Overview{Agency: Agency{ID: Implicit}, Implicit: true})
	}
	for _, a := range all {
		out = append(out, Overview{Agency: a})
	}
	since := now(c.Now).Add(-HealthWindow)
	for i := range out {
		r := c.Reach(out[i].ID)
		if out[i].Health, err = r.Health(ctx, since); err != nil {
			return nil, err
		}
		if out[i].Grant, err = r.Grant(ctx); err != nil {
			return nil, err
		}
		if out[i].Mails, err = r.Mails(ctx); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Add adds an agency (Service.Add), as the operator by; its log starts
// with who added it.
func (c *Console) Add(ctx context.Context, by account.Viewer, name, lang string, hosts []string) (Agency, error) {
	if err := operator(by); err != nil {
		return Agency{}, err
	}
	a, err := c.Agencies.Add(ctx, name, lang, hosts)
	if err != nil {
		return Agency{}, err
	}
	return a, c.Reach(a.ID).Log(ctx, c.entry(by, ActionAdded, a.ID, "", a.Name+" ("+strings.Join(a.Hosts, ", ")+")"))
}

// SetDisabled disables or enables agency id, as the operator by; the
// platform's own agency (Implicit, the operator's) stays enabled.
func (c *Console) SetDisabled(ctx context.Context, by account.Viewer, id int64, disabled bool) error {
	if err := operator(by); err != nil {
		return err
	}
	if id == Implicit && disabled {
		return ErrOwnAgency
	}
	a, err := c.agency(ctx, id)
	switch {
	case err != nil:
		return err
	case a.Disabled == disabled: // as it is: nothing changes, nothing logged
		return nil
	}
	action := ActionEnabled
	if disabled {
		action = ActionDisabled
	}
	if err := c.Agencies.SetDisabled(ctx, id, disabled); err != nil {
		return err
	}
	return c.Reach(id).Log(ctx, c.entry(by, action, id, "", ""))
}

// SetHosts gives agency id the host names hosts (the first preferred), as
// the operator by.
func (c *Console) SetHosts(ctx context.Context, by account.Viewer, id int64, hosts []string) error {
	if err := operator(by); err != nil {
		return err
	}
	if id == Implicit {
		return ErrOwnHosts
	}
	before, err := c.agency(ctx, id)
	if err != nil {
		return err
	}
	if err := c.Agencies.SetHosts(ctx, id, hosts); err != nil {
		return err
	}
	after, err := c.agency(ctx, id)
	if err != nil {
		return err
	}
	return c.Reach(id).Log(ctx, c.entry(by, ActionHosts, id, strings.Join(before.Hosts, ", "), strings.Join(after.Hosts, ", ")))
}

// Leads are agency id's newest leads, for the operator by while the agency
// grants the leave (ErrNotGranted else); each reading is in its log.
func (c *Console) Leads(ctx context.Context, by account.Viewer, id int64) (Agency, Grant, []inbox.Row, error) {
	if err := operator(by); err != nil {
		return Agency{}, Grant{}, nil, err
	}
	a, err := c.agency(ctx, id)
	if err != nil {
		return Agency{}, Grant{}, nil, err
	}
	r := c.Reach(id)
	g, err := r.Grant(ctx)
	switch {
	case err != nil:
		return Agency{}, Grant{}, nil, err
	case !g.Active(now(c.Now)):
		return a, g, nil, ErrNotGranted
	}
	// Logged before reading: a reading that fails may have shown nothing,
	// one not logged must never have shown anything.
	if err := r.Log(ctx, c.entry(by, ActionRead, 0, "", "")); err != nil {
		return Agency{}, Grant{}, nil, err
	}
	rows, err := r.Leads(ctx, LeadsShown)
	return a, g, rows, err
}

// agency is agency id (the implicit one when none was added); ErrUnknown
// when none.
func (c *Console) agency(ctx context.Context, id int64) (Agency, error) {
	all, err := c.Agencies.List(ctx)
	if err != nil {
		return Agency{}, err
	}
	if len(all) == 0 && id == Implicit {
		return Agency{ID: Implicit}, nil
	}
	for _, a := range all {
		if a.ID == id {
			return a, nil
		}
	}
	return Agency{}, ErrUnknown
}

// entry is the operator by's action on agency id (target 0: its leads),
// the operator named by their address after the values (their account is
// the platform's agency's, not this one's): words of no language, the
// audit page translates the action.
func (c *Console) entry(by account.Viewer, action audit.Action, id int64, before, after string) audit.Entry {
	kind := targetAgency
	if action == ActionRead {
		kind = TargetAccess
	}
	if after != "" {
		after += " · "
	}
	return audit.Entry{Time: now(c.Now), Actor: audit.Operator, Action: action, TargetKind: kind, TargetID: id,
		Before: audit.Summary(before), After: audit.Summary(after + by.Account.Email)}
}
