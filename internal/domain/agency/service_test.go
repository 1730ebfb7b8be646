package agency

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"immo/internal/domain/audit"
)

// memory is an agency.Store in memory, for the rules that need no database
// (the SQL stores pass storagetest.RunSiteVersions).
type memory struct {
	versions []Version
	log      []audit.Entry
}

func (m *memory) PublishSiteVersion(_ context.Context, v Version, e audit.Entry) (int64, error) {
	v.ID = int64(len(m.versions) + 1)
	m.versions = append(m.versions, v)
	e.TargetID = v.ID
	m.log = append(m.log, e)
	return v.ID, nil
}

func (m *memory) SiteVersion(_ context.Context, id int64) (Version, error) {
	if id < 1 || id > int64(len(m.versions)) {
		return Version{}, ErrNoVersion
	}
	return m.versions[id-1], nil
}

func (m *memory) LatestSiteVersionID(context.Context) (int64, error) {
	return int64(len(m.versions)), nil
}

func (m *memory) SiteVersionByHash(_ context.Context, h [sha256.Size]byte) (Version, error) {
	for i := len(m.versions) - 1; i >= 0; i-- {
		if m.versions[i].Hash == h {
			return m.versions[i], nil
		}
	}
	return Version{}, ErrNoVersion
}

func (m *memory) SiteVersions(_ context.Context, limit int) ([]Version, error) {
	var out []Version
	for i := len(m.versions) - 1; i >= 0 && len(out) < limit; i-- {
		out = append(out, m.versions[i])
	}
	return out, nil
}

func (m *memory) SaveSiteDraft(context.Context, Draft) (int64, error) {
	return 0, errors.New("no drafts here")
}
func (m *memory) SiteDraft(context.Context, int64) (Draft, error)  { return Draft{}, ErrNoDraft }
func (m *memory) SiteDrafts(context.Context, int) ([]Draft, error) { return nil, nil }
func (m *memory) DeleteSiteDraft(context.Context, int64) error     { return nil }
func (m *memory) ScheduleSiteDraft(context.Context, int64, time.Time, int64) error {
	return ErrNoDraft
}
func (m *memory) DueSiteDrafts(context.Context, time.Time) ([]Draft, error)      { return nil, nil }
func (m *memory) ClaimSiteDraft(context.Context, int64, time.Time) (bool, error) { return false, nil }
func (m *memory) FailSiteDraft(context.Context, int64, string) error             { return nil }

func TestPublishRefusesWhatItCannotKeep(t *testing.T) {
	store := &memory{}
	s := &Service{store: store, now: time.Now}
	if _, err := s.Publish(t.Context(), "huge.json", make([]byte, MaxConfigBytes+1), "x", ""); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a configuration over the bound: %v, want ErrTooLarge", err)
	}
	if _, err := s.Publish(t.Context(), "bad.json", []byte(`{`), "x", ""); err == nil || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("a file that does not parse: %v, want its name in the error", err)
	}
	if len(store.versions) != 0 {
		t.Errorf("%d versions stored from refused files", len(store.versions))
	}
}

// A site that checks one captcha provider (or none) publishes no version
// naming another: its visitors would not see it.
func TestPublishRefusesAnUncheckedCaptcha(t *testing.T) {
	demo, err := os.ReadFile("../../adapter/demo/site.json")
	if err != nil {
		t.Fatal(err)
	}
	with := strings.Replace(string(demo), `{`, `{"captcha": {"provider": "turnstile", "siteKey": "0x4AAAAAAABkMYinukE8nzY"},`, 1)
	for _, c := range []struct {
		checked string
		data    string
		refused bool
	}{{"", string(demo), false}, {"", with, true}, {"hcaptcha", with, true}, {"turnstile", with, false}} {
		store := &memory{}
		s := &Service{store: store, now: time.Now}
		s.CheckCaptcha(c.checked)
		_, err := s.Publish(t.Context(), "site.json", []byte(c.data), "x", "")
		if errors.Is(err, ErrCaptchaUnchecked) != c.refused || !c.refused && err != nil {
			t.Errorf("checking %q, a captcha named %v: %v", c.checked, c.data != string(demo), err)
		}
		if c.refused && len(store.versions) != 0 {
			t.Errorf("checking %q: a refused version stored", c.checked)
		}
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"  anne@example.be ", 200, "anne@example.be"},
		{"abcdef", 3, "abc"},
		{"aé", 2, "a"}, // é is two bytes: never half of it
		{"", 5, ""},
	} {
		if got := clip(c.in, c.n); got != c.want {
			t.Errorf("clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestContext(t *testing.T) {
	if FromContext(t.Context()) != nil {
		t.Error("an agency in an empty context")
	}
	a := &Agency{Version: 7}
	if got := FromContext(NewContext(t.Context(), a)); got != a {
		t.Errorf("FromContext = %v, want the agency put there", got)
	}
}

// A publication keeps what it changes of the version it replaces (the
// history shows it); the first version, replacing none, keeps no summary.
func TestPublishKeepsSummary(t *testing.T) {
	demo, err := os.ReadFile("../../adapter/demo/site.json")
	if err != nil {
		t.Fatal(err)
	}
	store := &memory{}
	s := &Service{store: store, now: time.Now}
	first, err := s.Publish(t.Context(), "site.json", demo, "file site.json", "")
	if err != nil {
		t.Fatal(err)
	}
	if first.Summary != nil || store.versions[0].Summary != nil {
		t.Errorf("the first version's summary = %+v, want none", first.Summary)
	}
	renamed := []byte(strings.Replace(string(demo), `"name": "Immo Arlon"`, `"name": "Immo Arlon & Virton"`, 1))
	second, err := s.Publish(t.Context(), "site.json", renamed, "anne@immo-arlon.be", "new name")
	if err != nil {
		t.Fatal(err)
	}
	want := &Summary{Changes: []SiteChange{{Section: "agency", What: ChangeEdited, Fields: []string{"name"}, Langs: []string{}}}}
	if !reflect.DeepEqual(second.Summary, want) || !reflect.DeepEqual(store.versions[1].Summary, want) {
		t.Errorf("the summary kept = %+v, stored %+v; want %+v", second.Summary, store.versions[1].Summary, want)
	}
	// Brought back: the summary says what the revert changes of the version it replaces.
	back, err := s.Revert(t.Context(), Editor{ID: 1, Email: "boss@immo-arlon.be", Admin: true}, first.ID, "back")
	if err != nil {
		t.Fatal(err)
	}
	if back.Summary == nil || len(back.Summary.Changes) != 1 || back.Summary.Changes[0].Section != "agency" {
		t.Errorf("the revert's summary = %+v", back.Summary)
	}
}

// A summary keeps the first MaxSummaryChanges changes and counts the rest;
// an item's long name is clipped.
func TestSummaryBounded(t *testing.T) {
	var before, after strings.Builder
	before.WriteString(`{"pages": [`)
	after.WriteString(`{"pages": [`)
	for i := range MaxSummaryChanges + 7 {
		if i > 0 {
			before.WriteString(",")
			after.WriteString(",")
		}
		name := fmt.Sprintf("%q", fmt.Sprint(i)+strings.Repeat("é", 200))
		before.WriteString(`{"name": ` + name + `, "n": 1}`)
		after.WriteString(`{"name": ` + name + `, "n": 2}`)
	}
	before.WriteString("]}")
	after.WriteString("]}")
	sum := summarize([]byte(before.String()), []byte(after.String()))
	if len(sum.Changes) != MaxSummaryChanges || sum.More != 7 {
		t.Fatalf("%d changes and %d more, want %d and 7", len(sum.Changes), sum.More, MaxSummaryChanges)
	}
	for _, c := range sum.Changes {
		if len(c.Item) > maxSummaryName || !utf8.ValidString(c.Item) {
			t.Fatalf("an item's name kept as %d bytes (valid UTF-8: %v)", len(c.Item), utf8.ValidString(c.Item))
		}
	}
	if none := summarize([]byte(after.String()), []byte(after.String())); none.Changes == nil || len(none.Changes) != 0 || none.More != 0 {
		t.Errorf("nothing changed = %+v, want an empty list", none)
	}
}
