// Package platform is the deployment's agencies and the host names each
// answers on (issue #35): an agency is a number, a name, a default
// language and a disabled flag; its hosts are unique across the platform,
// one of them preferred (the others redirect to it). An empty table is the
// simple case: the one implicit agency answers every host, as a single
// agency's site always did.
package platform

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"immo/internal/domain/errs"
	"immo/internal/domain/i18n"
)

// Implicit is the number of the one agency a deployment without agencies
// serves, and of the first agency added: the data already in the database
// is its own.
const Implicit int64 = 1

// Limits of what an agency's record holds.
const (
	MaxName  = 120 // characters of a name
	MaxHosts = 8   // host names of one agency
	maxHost  = 253 // characters of a host name (DNS)
	maxLabel = 63  // characters of one of its labels
)

// Agency is one agency of the platform.
type Agency struct {
	ID       int64
	Name     string
	Lang     string   // its default language (nl, fr, en, de)
	Disabled bool     // its hosts answer 404 until enabled again
	Hosts    []string // its host names, the preferred one first
	Created  time.Time
	// CaptchaSecret is its third-party captcha's secret, sealed with the
	// agency's own key (never in the clear here); "": none.
	CaptchaSecret string
}

// Preferred is the host name the agency's links use; "" when it has none.
func (a Agency) Preferred() string {
	if len(a.Hosts) == 0 {
		return ""
	}
	return a.Hosts[0]
}

// Store keeps the agencies and their hosts.
type Store interface {
	// AddAgency stores a (its ID ignored) with its hosts, the first
	// preferred, and returns its number; a host another agency holds is
	// an errs.Conflict and stores nothing.
	AddAgency(ctx context.Context, a Agency) (int64, error)
	// Agencies are every agency with its hosts (the preferred first), by
	// number.
	Agencies(ctx context.Context) ([]Agency, error)
	// SetDisabled disables or enables agency id; ErrUnknown when none.
	SetDisabled(ctx context.Context, id int64, disabled bool) error
	// SetHosts replaces agency id's hosts (the first preferred); a host
	// another agency holds is an errs.Conflict and changes nothing;
	// ErrUnknown when no such agency.
	SetHosts(ctx context.Context, id int64, hosts []string) error
	// SetCaptchaSecret keeps agency id's captcha secret, sealed ("":
	// none); ErrUnknown when no such agency.
	SetCaptchaSecret(ctx context.Context, id int64, sealed string) error
}

// ErrUnknown says no agency has that number.
var ErrUnknown = &errs.Error{Code: errs.NotFound, Field: "id", Key: "admin.platform.error.unknown", Message: "no such agency"}

// HostTaken is the error of a host name another agency holds.
func HostTaken(host string) error {
	return &errs.Error{Code: errs.Conflict, Field: "host", Key: KeyHostTaken, Message: "the host " + host + " is another agency's"}
}

// The translation keys of the refusals (admin.json: the operator's pages
// say them; the command line prints the messages).
const (
	KeyName      = "admin.platform.error.name"
	KeyLang      = "admin.platform.error.lang"
	KeyHost      = "admin.platform.error.host"
	KeyHosts     = "admin.platform.error.hosts"
	KeyHostTaken = "admin.platform.error.hostTaken"
	KeyOneAgency = "admin.platform.error.oneAgency"
)

func invalid(field, key, message string) error {
	return &errs.Error{Code: errs.Invalid, Field: field, Key: key, Message: message}
}

// NormalizeHost is s as a stored host name: lower-case, without a final
// dot; an error unless it is a DNS name of letters, digits and hyphens
// (an international name in its xn-- form), with at least one dot. No
// scheme, port, path or address.
func NormalizeHost(s string) (string, error) {
	h := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".")
	switch {
	case h == "":
		return "", invalid("host", KeyHost, "a host name is required")
	case len(h) > maxHost:
		return "", invalid("host", KeyHost, "the host name is longer than 253 characters")
	case !strings.Contains(h, "."):
		return "", invalid("host", KeyHost, "the host name "+h+" has no domain (www.example.be, example.be)")
	}
	for label := range strings.SplitSeq(h, ".") {
		if label == "" || len(label) > maxLabel || label[0] == '-' || label[len(label)-1] == '-' {
			return "", invalid("host", KeyHost, "the host name "+h+" is not a DNS name")
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return "", invalid("host", KeyHost, "the host name "+h+" is not a DNS name (letters, digits, hyphens; an international name in its xn-- form)")
			}
		}
	}
	if last := h[strings.LastIndexByte(h, '.')+1:]; last[0] >= '0' && last[0] <= '9' {
		return "", invalid("host", KeyHost, "an address ("+h+") is not a host name")
	}
	return h, nil
}

// normalizeHosts are hosts normalized, each once, in their order; between
// 1 and MaxHosts.
func normalizeHosts(hosts []string) ([]string, error) {
	var out []string
	for _, h := range hosts {
		n, err := NormalizeHost(h)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	switch {
	case len(out) == 0:
		return nil, invalid("host", KeyHosts, "an agency needs a host name")
	case len(out) > MaxHosts:
		return nil, invalid("host", KeyHosts, "an agency has at most 8 host names")
	}
	return out, nil
}

// Service adds and changes the agencies.
type Service struct {
	Store Store
	// Many allows more than one agency: the database keeps agencies'
	// keys apart (PostgreSQL). SQLite keeps one agency's keys.
	Many bool
	Now  func() time.Time // nil: time.Now
}

// ErrOneAgency refuses a second agency on a database that keeps one
// agency's keys (SQLite: a listing's number, an account's address are
// unique in the whole file there).
var ErrOneAgency = &errs.Error{Code: errs.Conflict, Field: "name", Key: KeyOneAgency,
	Message: "this database holds one agency: several agencies need PostgreSQL (DATABASE_URL)"}

// Add adds an agency named name, speaking lang first, on hosts (the first
// preferred).
func (s *Service) Add(ctx context.Context, name, lang string, hosts []string) (Agency, error) {
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return Agency{}, invalid("name", KeyName, "an agency needs a name")
	case !plainName(name):
		// Its name is in mails' headers, pages' titles, the log: no
		// control or direction-changing character, valid UTF-8.
		return Agency{}, invalid("name", KeyName, "the name holds a control character or is not UTF-8")
	case len([]rune(name)) > MaxName:
		return Agency{}, invalid("name", KeyName, "the name is longer than 120 characters")
	case !slices.Contains(i18n.Languages, lang):
		return Agency{}, invalid("lang", KeyLang, "the language is one of nl, fr, en, de, not "+lang)
	}
	hs, err := normalizeHosts(hosts)
	if err != nil {
		return Agency{}, err
	}
	all, err := s.Store.Agencies(ctx)
	if err != nil {
		return Agency{}, err
	}
	if len(all) > 0 && !s.Many {
		return Agency{}, ErrOneAgency
	}
	a := Agency{Name: name, Lang: lang, Hosts: hs, Created: s.now()}
	if a.ID, err = s.Store.AddAgency(ctx, a); err != nil {
		return Agency{}, err
	}
	return a, nil
}

// plainName tells whether s is valid UTF-8 without control, format
// (bidirectional overrides, zero-width) or private-use characters.
func plainName(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r)
	})
}

// SetHosts gives agency id the host names hosts, the first preferred.
func (s *Service) SetHosts(ctx context.Context, id int64, hosts []string) error {
	hs, err := normalizeHosts(hosts)
	if err != nil {
		return err
	}
	return s.Store.SetHosts(ctx, id, hs)
}

// SetDisabled disables or enables agency id.
func (s *Service) SetDisabled(ctx context.Context, id int64, disabled bool) error {
	return s.Store.SetDisabled(ctx, id, disabled)
}

// List is every agency.
func (s *Service) List(ctx context.Context) ([]Agency, error) { return s.Store.Agencies(ctx) }

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}
