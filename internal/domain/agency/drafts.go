package agency

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/site"
)

// Draft is a configuration being prepared, by one editor in one session
// of work: served only to the staff's preview until it is published as a
// Version. It is kept as typed, problems and all (nothing typed is lost);
// only a draft that passes the rules can be previewed or published.
type Draft struct {
	ID     int64
	Config []byte // Left out of a list (SiteDrafts).
	// Base is the published version the draft started from: published
	// only while it is still the newest (ErrMeanwhile).
	Base      int64
	By        string // who started it: the only one who changes it
	UpdatedBy string
	Created   time.Time
	Updated   time.Time
	// PublishAt, when not zero, is when the draft is to be published, by
	// ScheduledBy (a staff account); ScheduleFailed says why a scheduled
	// publication did not happen (a translation key), "" when none did.
	PublishAt      time.Time
	ScheduledBy    int64
	ScheduleFailed string
}

// DraftStore keeps the drafts.
type DraftStore interface {
	// SaveSiteDraft stores d: a new draft when d.ID is 0 (its number
	// returned), else d.ID's configuration, UpdatedBy and Updated replaced
	// (ErrNoDraft when there is none).
	SaveSiteDraft(ctx context.Context, d Draft) (int64, error)
	// SiteDraft is the draft numbered id; ErrNoDraft when none.
	SiteDraft(ctx context.Context, id int64) (Draft, error)
	// SiteDrafts lists at most limit drafts, the last changed first, Config left out.
	SiteDrafts(ctx context.Context, limit int) ([]Draft, error)
	// DeleteSiteDraft removes draft id (none: nothing to do).
	DeleteSiteDraft(ctx context.Context, id int64) error
	// ScheduleSiteDraft sets when draft id is published, by actor (the
	// zero time: not scheduled) and forgets a failure; ErrNoDraft when none.
	ScheduleSiteDraft(ctx context.Context, id int64, at time.Time, actor int64) error
	// DueSiteDrafts lists a few drafts scheduled at or before now, the earliest first.
	DueSiteDrafts(ctx context.Context, now time.Time) ([]Draft, error)
	// ClaimSiteDraft unschedules draft id if it is still scheduled at at,
	// and says whether it did: of the servers that find it due, one claims it.
	ClaimSiteDraft(ctx context.Context, id int64, at time.Time) (bool, error)
	// FailSiteDraft records why a scheduled publication of draft id failed.
	FailSiteDraft(ctx context.Context, id int64, why string) error
}

// The refusals of the editor's drafts, coded for the inbox.
var (
	// ErrNoDraft: no draft of that number (discarded, published).
	ErrNoDraft = &errs.Error{Code: errs.NotFound, Field: "draft", Key: "admin.site.error.noDraft",
		Message: "agency: no such draft"}
	// ErrNotYours: a draft is changed by the editor who started it only;
	// another sees it, previews it, starts their own.
	ErrNotYours = &errs.Error{Code: errs.Forbidden, Field: "draft", Key: "admin.site.error.notYours",
		Message: "agency: the draft is another editor's"}
	// ErrNotObject: what an editor sent is not a configuration (a JSON object).
	ErrNotObject = &errs.Error{Code: errs.Invalid, Field: "config", Key: "admin.site.error.notObject",
		Message: "agency: a configuration is a JSON object"}
	// ErrDraftInvalid: a draft with problems is neither previewed nor published.
	ErrDraftInvalid = &errs.Error{Code: errs.Invalid, Field: "draft", Key: "admin.site.error.invalid",
		Message: "agency: the draft breaks the configuration's rules"}
	// ErrMeanwhile: a version was published since the draft started; its
	// publication would undo it.
	ErrMeanwhile = &errs.Error{Code: errs.Conflict, Field: "draft", Key: "admin.site.error.meanwhile",
		Message: "agency: a version was published since the draft started"}
	// ErrPictureGone: a configuration names a picture deleted from the
	// library (Pictures): published, it would show it broken.
	ErrPictureGone = &errs.Error{Code: errs.Conflict, Field: "draft", Key: "admin.site.error.pictureGone",
		Message: "agency: the configuration names a picture no longer in the library"}
	// ErrCaptchaUnchecked: the configuration names a third-party captcha
	// the server has no secret for (its pages would fall back to ALTCHA).
	ErrCaptchaUnchecked = &errs.Error{Code: errs.Conflict, Field: "draft", Key: "admin.site.error.captchaSecret",
		Message: "agency: the configuration names a captcha provider whose secret the server does not have"}
)

// CheckCaptcha refuses from now on to publish a configuration naming a
// third-party captcha other than checked (the provider the server holds a
// secret for; "": none): its visitors' forms would not show it.
func (s *Service) CheckCaptcha(checked string) { s.captcha, s.checksCaptcha = checked, true }

// captchaChecked is nil when data names no third-party captcha, or the
// one the server checks.
func (s *Service) captchaChecked(data []byte) error {
	if !s.checksCaptcha {
		return nil
	}
	var named struct {
		Captcha *struct {
			Provider string `json:"provider"`
		} `json:"captcha"`
	}
	if err := json.Unmarshal(data, &named); err != nil || named.Captcha == nil || named.Captcha.Provider == s.captcha {
		return nil // a configuration that does not parse is refused by its rules
	}
	return fmt.Errorf("%w: %s", ErrCaptchaUnchecked, named.Captcha.Provider)
}

// Pictures says which of the site library's pictures a configuration
// names are no longer in it (media.Library), by their addresses.
type Pictures interface {
	Missing(ctx context.Context, data []byte) ([]string, error)
}

// CheckPictures refuses from now on to publish a configuration naming a
// picture pictures says is gone.
func (s *Service) CheckPictures(p Pictures) { s.pictures = p }

// Editor is who edits a draft: a staff account, by its address; an
// admin's rights are wider (AdminSections).
type Editor struct {
	ID    int64
	Email string
	Admin bool
}

// AdminSections are the parts of the configuration only an admin
// changes: the languages (what visitors and search engines find changes
// with them), the tracking tags, verification and robots settings, the
// cookie consent, the captcha.
var AdminSections = []string{"languages", "siteInfo", "consent", "captcha"}

// ErrAdminOnly: a change to an AdminSections part by an editor who is no admin.
var ErrAdminOnly = &errs.Error{Code: errs.Forbidden, Field: "config", Key: "admin.site.error.adminOnly",
	Message: "agency: only an admin changes this part of the site"}

// MaxDraftsListed bounds the drafts the editor lists.
const MaxDraftsListed = 50

// SaveDraft checks data by the rules of a configuration file, as Publish
// does, and keeps it as draft id (a new draft when id is 0, over the
// version served): `immo config draft`.
func (s *Service) SaveDraft(ctx context.Context, id int64, name string, data []byte, by string) (Draft, error) {
	if err := s.check(name, data); err != nil {
		return Draft{}, err
	}
	now := s.now().UTC()
	by = clip(by, MaxByLength)
	d := Draft{ID: id, Config: data, Base: s.Current().Version, By: by, UpdatedBy: by, Created: now, Updated: now}
	id, err := s.store.SaveSiteDraft(ctx, d)
	if err != nil {
		return Draft{}, err
	}
	d.ID = id
	return d, nil
}

// StartDraft starts a draft by an editor: the version served, as it is.
func (s *Service) StartDraft(ctx context.Context, by string) (Draft, error) {
	cur := s.Current()
	if s.store == nil || cur == nil || cur.Version == 0 {
		return Draft{}, errFixed
	}
	v, err := s.store.SiteVersion(ctx, cur.Version)
	if err != nil {
		return Draft{}, err
	}
	now := s.now().UTC()
	by = clip(by, MaxByLength)
	d := Draft{Config: v.Config, Base: v.ID, By: by, UpdatedBy: by, Created: now, Updated: now}
	if d.ID, err = s.store.SaveSiteDraft(ctx, d); err != nil {
		return Draft{}, err
	}
	return d, nil
}

// KeepDraft stores data as draft id, by the editor who started it (e),
// whatever its problems (nothing typed is lost), and returns them: each
// where the rules of a configuration file put it. Refused, and nothing
// stored: another's draft (ErrNotYours), none (ErrNoDraft), no JSON object
// (ErrNotObject), over MaxConfigBytes, a change to an admin's part by
// another editor (ErrAdminOnly).
func (s *Service) KeepDraft(ctx context.Context, id int64, data []byte, e Editor) (Draft, []*site.FieldError, error) {
	if len(data) > MaxConfigBytes {
		return Draft{}, nil, fmt.Errorf("%w (%d bytes, at most %d)", ErrTooLarge, len(data), MaxConfigBytes)
	}
	if !isObject(data) {
		return Draft{}, nil, ErrNotObject
	}
	d, err := s.store.SiteDraft(ctx, id)
	if err != nil {
		return Draft{}, nil, err
	}
	if d.By != clip(e.Email, MaxByLength) {
		return Draft{}, nil, ErrNotYours
	}
	if err := s.mayChange(ctx, e, d.Base, data); err != nil {
		return Draft{}, nil, err
	}
	d.Config, d.UpdatedBy, d.Updated = data, d.By, s.now().UTC()
	if _, err := s.store.SaveSiteDraft(ctx, d); err != nil {
		return Draft{}, nil, err
	}
	_, err = s.ParseDraft(id, data)
	return d, Problems(err), nil
}

// ParseDraft is draft id's configuration data parsed and checked
// (site.Parse), parsed once however often it is asked.
func (s *Service) ParseDraft(id int64, data []byte) (*site.Config, error) {
	return s.parsed.parse(fmt.Sprintf("draft %d", id), data)
}

// mayChange refuses an editor who is no admin a configuration that
// changes an AdminSections part of version base.
func (s *Service) mayChange(ctx context.Context, e Editor, base int64, data []byte) error {
	if e.Admin {
		return nil
	}
	v, err := s.store.SiteVersion(ctx, base)
	if err != nil && !errors.Is(err, ErrNoVersion) {
		return err
	}
	for _, c := range Changes(v.Config, data) {
		if slices.Contains(AdminSections, c.Section) {
			return ErrAdminOnly
		}
	}
	return nil
}

// isObject says data is one JSON object.
func isObject(data []byte) bool {
	var v map[string]json.RawMessage
	return json.Valid(data) && bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) && json.Unmarshal(data, &v) == nil
}

// Problems are the FieldErrors of err, as site.Parse joins them; an error
// of another kind is one problem at the top.
func Problems(err error) []*site.FieldError {
	if err == nil {
		return nil
	}
	var list []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		list = joined.Unwrap()
	} else {
		list = []error{err}
	}
	out := make([]*site.FieldError, 0, len(list))
	for _, e := range list {
		var fe *site.FieldError
		if !errors.As(e, &fe) {
			fe = &site.FieldError{Msg: e.Error()}
		}
		out = append(out, fe)
	}
	return out
}

// OpenDraft is draft id as stored, its configuration included.
func (s *Service) OpenDraft(ctx context.Context, id int64) (Draft, error) {
	if s.store == nil {
		return Draft{}, ErrNoDraft
	}
	return s.store.SiteDraft(ctx, id)
}

// Drafts lists the drafts being prepared, the last changed first.
func (s *Service) Drafts(ctx context.Context) ([]Draft, error) {
	if s.store == nil {
		return nil, nil
	}
	return s.store.SiteDrafts(ctx, MaxDraftsListed)
}

// DiscardDraft removes draft id.
func (s *Service) DiscardDraft(ctx context.Context, id int64) error {
	return s.store.DeleteSiteDraft(ctx, id)
}

// PublishDraft publishes draft id by e as the newest version, then
// removes the draft. Refused: another's draft to an editor who is no
// admin (ErrNotYours), a draft with problems (ErrDraftInvalid), one whose
// base is no longer the newest version (ErrMeanwhile: it would undo what
// another published since; Changes says what).
func (s *Service) PublishDraft(ctx context.Context, e Editor, id int64, note string) (Version, error) {
	d, err := s.OpenDraft(ctx, id)
	if err != nil {
		return Version{}, err
	}
	if !e.Admin && d.By != clip(e.Email, MaxByLength) {
		return Version{}, ErrNotYours
	}
	if err := s.mayChange(ctx, e, d.Base, d.Config); err != nil {
		return Version{}, err
	}
	name := fmt.Sprintf("draft %d", id)
	if err := s.check(name, d.Config); err != nil {
		return Version{}, fmt.Errorf("%w: %v", ErrDraftInvalid, err)
	}
	data, err := s.withMoves(name, d.Config)
	if err != nil {
		return Version{}, fmt.Errorf("%w: %v", ErrDraftInvalid, err)
	}
	v, err := s.keep(ctx, auditPublish(e.ID), data, e.Email, note, d.Base)
	if err != nil {
		return v, err
	}
	return v, s.store.DeleteSiteDraft(ctx, id)
}

// Draft is the agency draft id makes: its site, the published version it
// stands beside, Draft set (ErrNoDraft when there is none, ErrDraftInvalid
// while it has problems).
func (s *Service) Draft(ctx context.Context, id int64) (*Agency, error) {
	d, err := s.OpenDraft(ctx, id)
	if err != nil {
		return nil, err
	}
	cfg, err := s.ParseDraft(id, d.Config)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDraftInvalid, err)
	}
	return &Agency{Site: cfg, Version: s.Current().Version, Draft: id}, nil
}

// The bounds of a schedule: in the future, at most a year away.
const MaxScheduleAhead = 366 * 24 * time.Hour

// ErrScheduleTime: a publication scheduled in the past or too far ahead.
var ErrScheduleTime = &errs.Error{Code: errs.Invalid, Field: "at", Key: "admin.site.error.at",
	Message: "agency: a publication is scheduled in the future, at most a year ahead"}

// ScheduleDraft has draft id published at at by e, its author; the zero
// time unschedules it. Refused: another's draft, one with problems now, a
// time past or over MaxScheduleAhead ahead. At its time it is published
// as e (PublishDue).
func (s *Service) ScheduleDraft(ctx context.Context, e Editor, id int64, at time.Time) error {
	d, err := s.OpenDraft(ctx, id)
	if err != nil {
		return err
	}
	if d.By != clip(e.Email, MaxByLength) && !(e.Admin && at.IsZero()) { // an admin may stop anyone's
		return ErrNotYours
	}
	if !at.IsZero() {
		if now := s.now(); !at.After(now) || at.Sub(now) > MaxScheduleAhead {
			return ErrScheduleTime
		}
		if err := s.check(fmt.Sprintf("draft %d", id), d.Config); err != nil {
			return fmt.Errorf("%w: %v", ErrDraftInvalid, err)
		}
	}
	return s.store.ScheduleSiteDraft(ctx, id, at.UTC(), e.ID)
}

// Editors says whether staff account id may edit the site now, and as
// which editor (the accounts' rule: an admin, or an agent with the editor
// right, not disabled).
type Editors interface {
	Editor(ctx context.Context, id int64) (Editor, bool, error)
}

// ErrNoRight: a scheduled publication whose scheduler may no longer edit the site.
var ErrNoRight = &errs.Error{Code: errs.Forbidden, Field: "draft", Key: "admin.site.error.noRight",
	Message: "agency: the one who scheduled the draft may no longer edit the site"}

// Follow has PublishDue publish a scheduled draft as its scheduler is
// now (editors), and only while they may edit the site.
func (s *Service) Follow(editors Editors) { s.editors = editors }

// PublishDue publishes the drafts whose time has come, each by the one
// who scheduled it, and says whether one was. Every server runs it; the
// one that claims a draft publishes it. One that can no longer be (it has
// problems now, or a version was published since it started) stays a
// draft, with why.
func (s *Service) PublishDue(ctx context.Context) (bool, error) {
	if s.store == nil {
		return false, nil
	}
	due, err := s.store.DueSiteDrafts(ctx, s.now().UTC())
	if err != nil {
		return false, err
	}
	published := false
	for _, d := range due {
		claimed, err := s.store.ClaimSiteDraft(ctx, d.ID, d.PublishAt)
		if err != nil || !claimed {
			return published, err
		}
		e, err := s.scheduler(ctx, d)
		if err == nil {
			_, err = s.PublishDraft(ctx, e, d.ID, "")
		}
		if e, coded := errs.As(err); coded {
			if err := s.store.FailSiteDraft(ctx, d.ID, e.Key); err != nil {
				return published, err
			}
			continue
		}
		if err != nil {
			return published, err
		}
		published = true
	}
	return published, nil
}

// scheduler is the editor a due draft is published as: its scheduler as
// they are now (ErrNoRight when they may no longer edit).
func (s *Service) scheduler(ctx context.Context, d Draft) (Editor, error) {
	if s.editors == nil {
		return Editor{ID: d.ScheduledBy, Email: d.By, Admin: true}, nil
	}
	e, ok, err := s.editors.Editor(ctx, d.ScheduledBy)
	switch {
	case err != nil:
		return Editor{}, err
	case !ok:
		return Editor{}, ErrNoRight
	}
	return e, nil
}
