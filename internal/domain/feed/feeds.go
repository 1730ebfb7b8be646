package feed

import (
	"context"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"immo/internal/domain/errs"
)

// A Feed is one of the agency's CRM sources: an HTTPS address the catalog
// is pulled from on a schedule (in the format `immo import` reads), and
// the door its CRM may push to (POST /api/feed/{id}). An admin adds it in
// the inbox or with `immo feeds add`; its secrets are sealed in the
// database (Sealer) and never shown again.
type Feed struct {
	ID   int64
	Name string
	URL  string // https://…, a public host (checked again at connect time)
	Auth Auth
	// AuthName is the header's name (AuthHeader) or the user (AuthBasic).
	AuthName string
	// Secret is the header's value or the password, sealed as the store
	// keeps it; Feeds.Secret opens it.
	Secret   string
	Schedule Schedule
	// MaxOffline is the share of the online properties, in percent, a run
	// may take offline before it stops and asks an admin (Guard).
	MaxOffline int
	Paused     bool
	// PushKey is the push's secret, sealed: the token a pushing CRM sends
	// (Authorization: Bearer) and the key of its body's HMAC signature.
	PushKey   string
	CreatedBy string
	Created   time.Time
	State
}

// State is what the runs leave on their feed.
type State struct {
	// NextRun is when the schedule runs it next (zero: paused or never).
	NextRun time.Time
	// ETag and LastModified are the validators of the last answer
	// applied, sent back (If-None-Match, If-Modified-Since).
	ETag, LastModified string
	// ContentHash is the SHA-256 of the last file applied (hex): a feed
	// answering the same file again, without validators, is unchanged.
	ContentHash string
	// Failures counts the runs failed in a row; Alerted says the admins
	// were mailed about them (once, and once again at the recovery).
	Failures int
	Alerted  bool
	// LastRun is the number of its last run, 0: none.
	LastRun int64
}

// Auth is how a pull authenticates.
type Auth string

// The authentications of a pull.
const (
	AuthNone   Auth = "none"
	AuthHeader Auth = "header" // a header (AuthName) carrying a token (Secret)
	AuthBasic  Auth = "basic"  // HTTP basic: AuthName, Secret
)

// Schedule is when a feed is pulled: every Every, or every day at Daily
// ("15:04", Brussels time).
type Schedule struct {
	Every time.Duration
	Daily string
}

// Bounds of a feed's settings and runs.
const (
	MaxFeeds     = 20
	MaxName      = 80
	MaxURL       = 2000
	MaxAuthName  = 100
	MaxSecret    = 4096
	MinEvery     = 5 * time.Minute
	MaxEvery     = 7 * 24 * time.Hour
	DefaultEvery = 15 * time.Minute
	// DefaultMaxOffline is the guard's share unless the feed says another.
	DefaultMaxOffline = 30
	// MaxBody bounds a feed's file, pulled or pushed: 10 000 listings in
	// the seed's format are about 40 MB.
	MaxBody = 64 << 20
	// PullTimeout bounds a pull: connection, answer and reading its body.
	PullTimeout = 2 * time.Minute
	// PullAttempts is how often a pull failing on the network or a 5xx is
	// tried (with back-off) before its run is failed.
	PullAttempts = 4
	// FailuresAlert is the failed runs in a row that mail the admins.
	FailuresAlert = 3
	// KeepUnchanged and KeepRuns are how long the runs are kept: one that
	// found nothing changed (a schedule every 15 min makes 96 a day), and
	// every other.
	KeepUnchanged = 14 * 24 * time.Hour
	KeepRuns      = 366 * 24 * time.Hour
)

// The statuses of a run beyond applied and failed.
const (
	StatusUnchanged Status = "unchanged" // the feed answered 304 (or the same file): nothing to do
	StatusHeld      Status = "held"      // the guard stopped it: an admin applies or discards it
)

// Input is a feed as an admin gives it; Check turns it into a Feed.
type Input struct {
	Name, URL, Auth, AuthName, Secret string
	// Every is in minutes; Daily "HH:MM". One of them.
	Every      int
	Daily      string
	MaxOffline int
}

// invalid is a bad field's error, with its translation key.
func invalid(field, key, msg string) error {
	return &errs.Error{Code: errs.Invalid, Field: field, Key: "admin.feeds.error." + key, Message: msg}
}

// Check reads in as a feed, or says which field is wrong. allowHTTP names
// the hosts an operator lets a feed reach without TLS and on a private
// address (a CRM on the agency's own network; the tests' servers).
func Check(in Input, private func(host string) bool) (Feed, error) {
	f := Feed{Name: strings.TrimSpace(in.Name), URL: strings.TrimSpace(in.URL), Auth: Auth(in.Auth), AuthName: strings.TrimSpace(in.AuthName),
		Secret: in.Secret, MaxOffline: in.MaxOffline}
	if f.Name == "" || utf8.RuneCountInString(f.Name) > MaxName || strings.ContainsAny(f.Name, "\r\n") {
		return f, invalid("name", "name", "a feed needs a name of at most 80 characters")
	}
	if err := CheckURL(f.URL, private); err != nil {
		return f, err
	}
	switch f.Auth {
	case "", AuthNone:
		f.Auth, f.AuthName, f.Secret = AuthNone, "", ""
	case AuthHeader:
		if !headerName(f.AuthName) {
			return f, invalid("authName", "header", "the header's name is a token of letters, digits and dashes")
		}
	case AuthBasic:
		if f.AuthName == "" || len(f.AuthName) > MaxAuthName || strings.ContainsAny(f.AuthName, ":\r\n") || !utf8.ValidString(f.AuthName) {
			return f, invalid("authName", "user", "the user is at most 100 characters, without a colon")
		}
	default:
		return f, invalid("auth", "auth", "unknown authentication")
	}
	if f.Auth != AuthNone && (f.Secret == "" || len(f.Secret) > MaxSecret || strings.ContainsAny(f.Secret, "\r\n\x00") || !utf8.ValidString(f.Secret)) {
		return f, invalid("secret", "secret", "the secret is one line of at most 4096 bytes")
	}
	switch {
	case in.Daily != "" && in.Every != 0:
		return f, invalid("every", "schedule", "either every N minutes or a daily time")
	case in.Daily != "":
		if _, err := time.Parse("15:04", in.Daily); err != nil || len(in.Daily) != 5 {
			return f, invalid("daily", "daily", "a daily time is HH:MM")
		}
		f.Schedule.Daily = in.Daily
	case in.Every == 0:
		f.Schedule.Every = DefaultEvery
	default:
		f.Schedule.Every = time.Duration(in.Every) * time.Minute
		if f.Schedule.Every < MinEvery || f.Schedule.Every > MaxEvery {
			return f, invalid("every", "every", "every 5 minutes to every 7 days")
		}
	}
	if f.MaxOffline == 0 {
		f.MaxOffline = DefaultMaxOffline
	}
	if f.MaxOffline < 1 || f.MaxOffline > 100 {
		return f, invalid("maxOffline", "maxOffline", "the share is 1 to 100 %")
	}
	return f, nil
}

// CheckURL is nil for an address a feed may be pulled from: https (or
// http to a private host), no user in it, a host name or a public IP
// literal. The address's host is checked again when a pull connects.
func CheckURL(raw string, private func(host string) bool) error {
	u, err := url.Parse(raw)
	bad := invalid("url", "url", "an https address of a public host")
	if err != nil || len(raw) > MaxURL || u.Host == "" || u.User != nil || u.Opaque != "" || strings.ContainsAny(raw, " \r\n\t") {
		return bad
	}
	host := u.Hostname()
	allowed := private != nil && private(host)
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return bad
		}
	}
	// An address written as a number must be a public one (the pull
	// checks every address it dials again).
	if ip, err := netip.ParseAddr(host); err == nil && !allowed {
		ip = ip.Unmap()
		if !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.Zone() != "" {
			return bad
		}
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && allowed:
	default:
		return bad
	}
	if !allowed && (host == "localhost" || strings.HasSuffix(host, ".localhost") || !strings.Contains(host, ".") && !strings.Contains(host, ":")) {
		return bad
	}
	return nil
}

func headerName(s string) bool {
	if s == "" || len(s) > MaxAuthName {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	switch strings.ToLower(s) {
	case "host", "content-length", "transfer-encoding", "connection", "if-none-match", "if-modified-since", "cookie":
		return false
	}
	return true
}

// Next is the schedule's first time after t (loc: the daily time's zone).
func (s Schedule) Next(t time.Time, loc *time.Location) time.Time {
	if s.Daily == "" {
		every := s.Every
		if every <= 0 {
			every = DefaultEvery
		}
		return t.Add(every)
	}
	at, _ := time.Parse("15:04", s.Daily)
	b := t.In(loc)
	for d := 0; ; d++ {
		next := time.Date(b.Year(), b.Month(), b.Day()+d, at.Hour(), at.Minute(), 0, 0, loc)
		if next.After(t) {
			return next
		}
	}
}

// String says the schedule as the command line shows it.
func (s Schedule) String() string {
	if s.Daily != "" {
		return "daily at " + s.Daily
	}
	return "every " + strconv.Itoa(int(s.Every/time.Minute)) + " min"
}

// Offline is the guard's judgement of a run: it takes offline the share
// offline/online of the online properties; over max percent it stops.
func Offline(offline, online, max int) bool {
	if offline == 0 || max >= 100 {
		return false
	}
	if online == 0 {
		return false
	}
	return offline*100 > online*max
}

// Listings are listings by kind: the IDs a feed delivered.
type Listings struct {
	Properties []int64 `json:"properties,omitempty"`
	Projects   []int64 `json:"projects,omitempty"`
}

// Sealer seals the feeds' secrets (account.SecretBox), each for its feed.
type Sealer interface {
	SealFor(plain, context string) string
	OpenFor(sealed, context string) (string, error)
}

// SealContext is the associated data a feed's secret of kind is sealed
// with: a sealed secret copied onto another feed, or into the other
// column, opens nothing.
func SealContext(id int64, kind string) string {
	return "feed:" + strconv.FormatInt(id, 10) + ":" + kind
}

// Feeds keeps the feeds; one implementation per database, both passing
// storagetest.RunFeeds.
type Feeds interface {
	// AddFeed keeps f, its secrets sealed by seal once its number is known,
	// and returns its number; errs.Conflict past MaxFeeds.
	AddFeed(ctx context.Context, f Feed, seal func(id int64, f *Feed)) (int64, error)
	// Feeds lists every feed, oldest first.
	Feeds(ctx context.Context) ([]Feed, error)
	// Feed is one feed; errs.NotFound when there is none.
	Feed(ctx context.Context, id int64) (Feed, error)
	// SetPaused pauses or resumes a feed; a resumed feed is due at next.
	SetPaused(ctx context.Context, id int64, paused bool, next time.Time) error
	// DeleteFeed forgets a feed (its runs stay).
	DeleteFeed(ctx context.Context, id int64) error
	// ClaimRun moves a feed's next run from due to next, if it still is
	// due then: true for the one caller that moved it.
	ClaimRun(ctx context.Context, id int64, due, next time.Time) (bool, error)
	// Lock takes the feed's run for until, unless another holds it
	// unexpired at now; Unlock gives it back.
	Lock(ctx context.Context, id int64, now, until time.Time) (bool, error)
	Unlock(ctx context.Context, id int64) error
	// SaveState keeps what a run leaves on its feed.
	SaveState(ctx context.Context, id int64, s State) error
	// PruneRuns forgets the unchanged runs started before unchanged and
	// every run started before all, but a held run an admin has yet to
	// answer; it returns how many it forgot.
	PruneRuns(ctx context.Context, unchanged, all time.Time) (int64, error)
	// Listings are what feed id delivered in its last applied run (the
	// listings it owns); SetListings replaces them; OthersListings are
	// those of every other feed, which a run of id leaves as they are.
	Listings(ctx context.Context, id int64) (Listings, error)
	SetListings(ctx context.Context, id int64, l Listings) error
	OthersListings(ctx context.Context, id int64) (Listings, error)
	// Hold keeps the body of a run the guard stopped, for an admin to
	// apply or discard (replacing the feed's earlier one); Held is it (nil
	// with run 0: none); DropHeld forgets it.
	Hold(ctx context.Context, feedID, runID int64, body []byte) error
	Held(ctx context.Context, feedID int64) (runID int64, body []byte, err error)
	DropHeld(ctx context.Context, feedID int64) error
}
