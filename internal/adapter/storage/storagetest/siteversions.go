package storagetest

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/agency"
	"immo/internal/domain/audit"
)

// RunSiteVersions is the contract of agency.Store: the site's published
// configurations, and two servers on one database following them.
func RunSiteVersions(t *testing.T, open func(t *testing.T) agency.Store) {
	t.Run("Empty", func(t *testing.T) { testSiteVersionsEmpty(t, open(t)) })
	t.Run("RoundTrip", func(t *testing.T) { testSiteVersionsRoundTrip(t, open(t)) })
	t.Run("TwoServers", func(t *testing.T) { testSiteVersionsTwoServers(t, open(t), open(t)) })
	t.Run("Drafts", func(t *testing.T) { testSiteDrafts(t, open(t)) })
	t.Run("Revert", func(t *testing.T) { testSiteRevert(t, open(t)) })
	t.Run("EditorDrafts", func(t *testing.T) { testSiteEditorDrafts(t, open(t)) })
	t.Run("PublishedMeanwhile", func(t *testing.T) { testSitePublishedMeanwhile(t, open(t)) })
	t.Run("Schedule", func(t *testing.T) { testSiteSchedule(t, open(t)) })
}

// published is the audit entry the round trip's versions are stored with.
var published = audit.Entry{Time: created, Actor: audit.CommandLine, Action: agency.ActionPublish, TargetKind: agency.AuditKind}

// testSiteRevert: a staff member brings an earlier version back — a new
// version with its bytes, served at once — and the audit log holds every
// publication with its version's number, the revert naming the version it
// brought back; a version that does not exist is ErrNoVersion, nothing
// published; the history previews any version as it was (Past), the one
// served as itself.
func testSiteRevert(t *testing.T, s agency.Store) {
	ctx := t.Context()
	svc, err := agency.Open(ctx, s, agency.Source{Name: "demo/site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := svc.Current().Version
	spring := strings.Replace(string(demo.SiteJSON()), `"Immo Arlon"`, `"Immo Arlon (printemps)"`, 1)
	second, err := svc.PublishBy(ctx, 7, "site.json", []byte(spring), "anne@immo-arlon.be", "spring")
	if err != nil {
		t.Fatal(err)
	}
	if past, err := svc.AtVersion(ctx, first); err != nil || !past.Past || past.Version != first || past.Site.Agency.Name != "Immo Arlon" {
		t.Fatalf("AtVersion(%d) = %+v, %v; want the first version, past", first, past, err)
	}
	if cur, err := svc.AtVersion(ctx, second.ID); err != nil || cur.Past || cur != svc.Current() {
		t.Fatalf("AtVersion of the version served = %+v, %v; want the agency served", cur, err)
	}
	back, err := svc.Revert(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be", Admin: true}, first, "back to the first")
	if err != nil {
		t.Fatal(err)
	}
	if back.ID <= second.ID || svc.Current().Version != back.ID || svc.Current().Site.Agency.Name != "Immo Arlon" {
		t.Fatalf("after the revert: version %d served, %q; want %d, the first's", svc.Current().Version, svc.Current().Site.Agency.Name, back.ID)
	}
	if _, err := svc.Revert(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be", Admin: true}, back.ID+10, ""); !errors.Is(err, agency.ErrNoVersion) {
		t.Errorf("Revert to no version = %v, want ErrNoVersion", err)
	}
	if id, _ := s.LatestSiteVersionID(ctx); id != back.ID {
		t.Errorf("latest version %d after a refused revert, want %d", id, back.ID)
	}
	logged, ok := s.(interface{ Audit() *sqlstore.Audit })
	if !ok {
		t.Fatal("the store keeps no audit log")
	}
	entries, err := logged.Audit().List(ctx, audit.Query{TargetKind: agency.AuditKind, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 {
		t.Fatalf("%d audit entries for the site, want 3 (the file, spring, the revert): %+v", len(entries), entries)
	}
	rev, pub := entries[0], entries[1]
	if rev.Action != agency.ActionRevert || rev.Actor != 7 || rev.TargetID != back.ID || rev.Before != strconv.FormatInt(first, 10) || rev.After != "back to the first" {
		t.Errorf("the revert's entry: %+v", rev)
	}
	if pub.Action != agency.ActionPublish || pub.Actor != 7 || pub.TargetID != second.ID || pub.After != "spring" {
		t.Errorf("the publication's entry: %+v", pub)
	}
	if entries[2].Actor != audit.CommandLine || entries[2].TargetID != first {
		t.Errorf("the file's entry: %+v", entries[2])
	}
}

// testSiteDrafts: a draft saved, changed, served as an agency beside the
// published one; a broken one refused; an unknown one is ErrNoDraft.
func testSiteDrafts(t *testing.T, s agency.Store) {
	ctx := t.Context()
	svc, err := agency.Open(ctx, s, agency.Source{Name: "demo/site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SiteDraft(ctx, 1); !errors.Is(err, agency.ErrNoDraft) {
		t.Errorf("SiteDraft on none = %v, want ErrNoDraft", err)
	}
	if _, err := s.SaveSiteDraft(ctx, agency.Draft{ID: 9, Config: []byte("{}"), Created: created, Updated: created}); !errors.Is(err, agency.ErrNoDraft) {
		t.Errorf("SaveSiteDraft of an unknown draft = %v, want ErrNoDraft", err)
	}
	spring := strings.Replace(string(demo.SiteJSON()), `"Immo Arlon"`, `"Immo Arlon (printemps)"`, 1)
	d, err := svc.SaveDraft(ctx, 0, "draft", []byte(spring), "anne@immo-arlon.be")
	if err != nil {
		t.Fatal(err)
	}
	a, err := svc.Draft(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if a.Draft != d.ID || a.Version != svc.Current().Version || a.Site.Agency.Name != "Immo Arlon (printemps)" {
		t.Errorf("Draft = {draft %d, version %d, %q}; want draft %d beside version %d", a.Draft, a.Version, a.Site.Agency.Name, d.ID, svc.Current().Version)
	}
	if svc.Current().Site.Agency.Name != "Immo Arlon" {
		t.Errorf("a draft changed the published site: %q", svc.Current().Site.Agency.Name)
	}
	summer := strings.Replace(spring, "(printemps)", "(été)", 1)
	if _, err := svc.SaveDraft(ctx, d.ID, "draft", []byte(summer), "paul@immo-arlon.be"); err != nil {
		t.Fatal(err)
	}
	got, err := s.SiteDraft(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Config) != summer || got.By != "anne@immo-arlon.be" || got.Updated.Before(got.Created) {
		t.Errorf("the draft after a change: by %q, %d bytes; want Anne's draft with the new text", got.By, len(got.Config))
	}
	if _, err := svc.SaveDraft(ctx, d.ID, "broken.json", []byte(`{"languages": 1}`), "x"); err == nil || !strings.Contains(err.Error(), "broken.json") {
		t.Errorf("a broken draft: %v, want refused with its name", err)
	}
	if again, _ := s.SiteDraft(ctx, d.ID); string(again.Config) != summer {
		t.Error("a refused draft replaced the saved one")
	}
	if _, err := svc.Draft(ctx, d.ID+1); !errors.Is(err, agency.ErrNoDraft) {
		t.Errorf("Draft of none = %v, want ErrNoDraft", err)
	}
}

func testSiteVersionsEmpty(t *testing.T, s agency.Store) {
	ctx := t.Context()
	if id, err := s.LatestSiteVersionID(ctx); err != nil || id != 0 {
		t.Errorf("LatestSiteVersionID = %d, %v; want 0", id, err)
	}
	if _, err := s.SiteVersion(ctx, 1); !errors.Is(err, agency.ErrNoVersion) {
		t.Errorf("SiteVersion(1) = %v, want ErrNoVersion", err)
	}
	if _, err := s.SiteVersionByHash(ctx, sha256.Sum256([]byte("{}"))); !errors.Is(err, agency.ErrNoVersion) {
		t.Errorf("SiteVersionByHash = %v, want ErrNoVersion", err)
	}
	if list, err := s.SiteVersions(ctx, 10); err != nil || len(list) != 0 {
		t.Errorf("SiteVersions = %v, %v; want none", list, err)
	}
	if _, err := agency.Open(ctx, s, agency.Source{}, nil); !errors.Is(err, agency.ErrNoVersion) {
		t.Errorf("Open with nothing published and no file = %v, want ErrNoVersion", err)
	}
}

func testSiteVersionsRoundTrip(t *testing.T, s agency.Store) {
	ctx := t.Context()
	at := created.Add(90 * time.Minute)
	first := agency.Version{Config: []byte(`{"a": "é\u0000 not JSON, stored as given"}`), By: "file site.json", Note: "first", At: at}
	first.Hash = sha256.Sum256(first.Config)
	second := agency.Version{Config: bytes.Repeat([]byte("x"), 300_000), By: "anne@immo-arlon.be", Note: "Le printemps : nouvelle bannière", At: at.Add(time.Minute)}
	second.Hash = sha256.Sum256(second.Config)
	second.Summary = &agency.Summary{Changes: []agency.SiteChange{
		{Section: "pages", Item: "Emplois « été »", What: agency.ChangeEdited, Fields: []string{"content", "title"}, Langs: []string{"fr", "de"}},
		{Section: "banner", What: agency.ChangeEdited, Fields: []string{}, Langs: []string{}},
	}, More: 3}
	id1, err := s.PublishSiteVersion(ctx, first, published)
	if err != nil {
		t.Fatal(err)
	}
	id2, err := s.PublishSiteVersion(ctx, second, published)
	if err != nil {
		t.Fatal(err)
	}
	if id1 <= 0 || id2 <= id1 {
		t.Fatalf("ids %d then %d: want increasing from 1", id1, id2)
	}
	if id, err := s.LatestSiteVersionID(ctx); err != nil || id != id2 {
		t.Errorf("LatestSiteVersionID = %d, %v; want %d", id, err, id2)
	}
	for _, want := range []agency.Version{{ID: id1, Config: first.Config, Hash: first.Hash, By: first.By, Note: first.Note, At: first.At},
		{ID: id2, Config: second.Config, Hash: second.Hash, By: second.By, Note: second.Note, At: second.At}} {
		got, err := s.SiteVersion(ctx, want.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != want.ID || !bytes.Equal(got.Config, want.Config) || got.Hash != want.Hash || got.By != want.By || got.Note != want.Note || !got.At.Equal(want.At) {
			t.Errorf("SiteVersion(%d) = {%d, %d bytes, %x, %q, %q, %v}; want {%d, %d bytes, %x, %q, %q, %v}", want.ID,
				got.ID, len(got.Config), got.Hash[:4], got.By, got.Note, got.At, want.ID, len(want.Config), want.Hash[:4], want.By, want.Note, want.At)
		}
	}
	// The summary kept with the second, none with the first: read and listed as published.
	if got, err := s.SiteVersion(ctx, id2); err != nil || !reflect.DeepEqual(got.Summary, second.Summary) {
		t.Errorf("SiteVersion(%d).Summary = %+v, %v; want %+v", id2, got.Summary, err, second.Summary)
	}
	if got, err := s.SiteVersion(ctx, id1); err != nil || got.Summary != nil {
		t.Errorf("SiteVersion(%d).Summary = %+v, %v; want none", id1, got.Summary, err)
	}
	if list, err := s.SiteVersions(ctx, 2); err != nil || len(list) != 2 || !reflect.DeepEqual(list[0].Summary, second.Summary) || list[1].Summary != nil {
		t.Errorf("SiteVersions' summaries: %+v, %v; want the second's, then none", list, err)
	}
	// The same bytes published again: the hash finds the latest of them, without its configuration.
	again := first
	again.Note = "again"
	id3, err := s.PublishSiteVersion(ctx, again, published)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.SiteVersionByHash(ctx, first.Hash); err != nil || got.ID != id3 || got.Note != "again" || got.Config != nil {
		t.Errorf("SiteVersionByHash = %d %q (%d bytes), %v; want %d \"again\" without its configuration", got.ID, got.Note, len(got.Config), err, id3)
	}
	list, err := s.SiteVersions(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != id3 || list[1].ID != id2 || list[1].Note != second.Note || list[1].Hash != second.Hash || list[0].Config != nil {
		t.Errorf("SiteVersions(2) = %+v; want versions %d then %d, newest first, no configuration", list, id3, id2)
	}
	if _, err := s.SiteVersion(ctx, id3+1); !errors.Is(err, agency.ErrNoVersion) {
		t.Errorf("SiteVersion past the latest = %v, want ErrNoVersion", err)
	}
}

// testSiteVersionsTwoServers: a server started with the demo agency, another
// on the same database publishing a change, and the first serving it once
// it refreshes; a server started again with the same file publishes nothing.
func testSiteVersionsTwoServers(t *testing.T, a, b agency.Store) {
	ctx := t.Context()
	demoSite := agency.Source{Name: "demo/site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}
	one, err := agency.Open(ctx, a, demoSite, nil)
	if err != nil {
		t.Fatal(err)
	}
	two, err := agency.Open(ctx, b, demoSite, nil) // published already: not again
	if err != nil {
		t.Fatal(err)
	}
	if one.Current().Version == 0 || two.Current().Version != one.Current().Version {
		t.Fatalf("versions %d and %d, want both the one published", one.Current().Version, two.Current().Version)
	}
	changed := strings.Replace(string(demo.SiteJSON()), `"Immo Arlon"`, `"Immo Arlon & Virton"`, 1)
	if changed == string(demo.SiteJSON()) {
		t.Fatal("the demo agency's name is not where the test looks for it")
	}
	v, err := two.Publish(ctx, "editor", []byte(changed), "anne@immo-arlon.be", "new name")
	if err != nil {
		t.Fatal(err)
	}
	// What it changes of the demo's version, kept with it and listed in the history.
	wantSum := &agency.Summary{Changes: []agency.SiteChange{{Section: "agency", What: agency.ChangeEdited, Fields: []string{"name"}, Langs: []string{}}}}
	if list, err := two.Versions(ctx, 2); err != nil || len(list) != 2 || !reflect.DeepEqual(list[0].Summary, wantSum) || list[1].Summary != nil {
		t.Errorf("the history's summaries: %+v, %v; want %+v, then none (the first version)", list, err, wantSum)
	}
	if two.Current().Version != v.ID || two.Current().Site.Agency.Name != "Immo Arlon & Virton" {
		t.Errorf("the publishing server serves version %d (%q), want %d at once", two.Current().Version, two.Current().Site.Agency.Name, v.ID)
	}
	if one.Current().Site.Agency.Name != "Immo Arlon" {
		t.Errorf("the other server changed before it refreshed: %q", one.Current().Site.Agency.Name)
	}
	if changed, err := one.Refresh(ctx); err != nil || !changed {
		t.Fatalf("Refresh = %v, %v; want a new version", changed, err)
	}
	if one.Current().Version != v.ID || one.Current().Site.Agency.Name != "Immo Arlon & Virton" {
		t.Errorf("after Refresh: version %d (%q), want %d", one.Current().Version, one.Current().Site.Agency.Name, v.ID)
	}
	if changed, err := one.Refresh(ctx); err != nil || changed {
		t.Errorf("Refresh again = %v, %v; want nothing new", changed, err)
	}
	// A server restarted with the demo's file (a file it published before) keeps what was published since.
	three, err := agency.Open(ctx, a, agency.Source{Name: "demo/site.json", Data: demo.SiteJSON()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if three.Current().Version != v.ID {
		t.Errorf("restarted with the same file: version %d, want %d still", three.Current().Version, v.ID)
	}
	// A file that breaks a rule is refused with the file's message, and nothing is published.
	if _, err := two.Publish(ctx, "broken.json", []byte(`{"languages": {"default": "xx"}}`), "file broken.json", ""); err == nil || !strings.Contains(err.Error(), "broken.json") {
		t.Errorf("Publish of a broken file = %v, want the file's error", err)
	}
	if id, _ := b.LatestSiteVersionID(ctx); id != v.ID {
		t.Errorf("a refused file was published: latest %d, want %d", id, v.ID)
	}
}

// testSiteEditorDrafts: an editor's draft starts as the version served,
// keeps whatever is typed with its problems, is changed by its author
// only, is listed, and once published is a version and no draft.
func testSiteEditorDrafts(t *testing.T, s agency.Store) {
	ctx := t.Context()
	svc, err := agency.Open(ctx, s, agency.Source{Name: "demo/site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	base := svc.Current().Version
	d, err := svc.StartDraft(ctx, "anne@immo-arlon.be")
	if err != nil {
		t.Fatal(err)
	}
	if d.Base != base || !bytes.Equal(d.Config, demo.SiteJSON()) {
		t.Fatalf("a new draft: base %d, %d bytes; want the version served (%d)", d.Base, len(d.Config), base)
	}
	broken := strings.Replace(string(demo.SiteJSON()), `"Immo Arlon"`, `""`, 1)
	kept, problems, err := svc.KeepDraft(ctx, d.ID, []byte(broken), agency.Editor{Email: "anne@immo-arlon.be"})
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) == 0 || problems[0].Path != "agency.name" {
		t.Errorf("problems of a draft without the agency's name = %v, want one at agency.name", problems)
	}
	if got, _ := s.SiteDraft(ctx, d.ID); string(got.Config) != broken || got.UpdatedBy != "anne@immo-arlon.be" || got.Updated.Sub(kept.Updated).Abs() > time.Millisecond {
		t.Error("a draft with problems was not kept as typed")
	}
	if _, err := svc.Draft(ctx, d.ID); !errors.Is(err, agency.ErrDraftInvalid) {
		t.Errorf("preview of a draft with problems = %v, want ErrDraftInvalid", err)
	}
	if _, err := svc.PublishDraft(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be"}, d.ID, ""); !errors.Is(err, agency.ErrDraftInvalid) {
		t.Errorf("publish of a draft with problems = %v, want ErrDraftInvalid", err)
	}
	for _, tc := range []struct {
		data []byte
		by   string
		want error
	}{
		{demo.SiteJSON(), "paul@immo-arlon.be", agency.ErrNotYours},
		{[]byte(`[1]`), "anne@immo-arlon.be", agency.ErrNotObject},
		{[]byte(`{"a"`), "anne@immo-arlon.be", agency.ErrNotObject},
	} {
		if _, _, err := svc.KeepDraft(ctx, d.ID, tc.data, agency.Editor{Email: tc.by}); !errors.Is(err, tc.want) {
			t.Errorf("KeepDraft(%.10q by %s) = %v, want %v", tc.data, tc.by, err, tc.want)
		}
	}
	if _, _, err := svc.KeepDraft(ctx, d.ID+100, demo.SiteJSON(), agency.Editor{Email: "anne@immo-arlon.be"}); !errors.Is(err, agency.ErrNoDraft) {
		t.Errorf("KeepDraft of none = %v, want ErrNoDraft", err)
	}
	if got, _ := s.SiteDraft(ctx, d.ID); string(got.Config) != broken {
		t.Error("a refused change replaced the draft")
	}
	spring := strings.Replace(string(demo.SiteJSON()), `"Immo Arlon"`, `"Immo Arlon (printemps)"`, 1)
	if _, problems, err := svc.KeepDraft(ctx, d.ID, []byte(spring), agency.Editor{Email: "anne@immo-arlon.be"}); err != nil || len(problems) != 0 {
		t.Fatalf("KeepDraft = %v, %v", problems, err)
	}
	other, err := svc.StartDraft(ctx, "paul@immo-arlon.be")
	if err != nil {
		t.Fatal(err)
	}
	// Paul, an editor who is no admin: the tags are an admin's part.
	tags := strings.Replace(string(demo.SiteJSON()), `"G-7KX3QZP1LM"`, `"G-AAAAAAAAAA"`, 1)
	if _, _, err := svc.KeepDraft(ctx, other.ID, []byte(tags), agency.Editor{Email: "paul@immo-arlon.be"}); !errors.Is(err, agency.ErrAdminOnly) {
		t.Errorf("an agent's change of the tags = %v, want ErrAdminOnly", err)
	}
	if _, _, err := svc.KeepDraft(ctx, other.ID, []byte(tags), agency.Editor{Email: "paul@immo-arlon.be", Admin: true}); err != nil {
		t.Errorf("an admin's change of the tags = %v", err)
	}
	if _, _, err := svc.KeepDraft(ctx, other.ID, demo.SiteJSON(), agency.Editor{Email: "paul@immo-arlon.be", Admin: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PublishDraft(ctx, agency.Editor{ID: 8, Email: "paul@immo-arlon.be"}, d.ID, ""); !errors.Is(err, agency.ErrNotYours) {
		t.Errorf("an agent publishing another's draft = %v, want ErrNotYours", err)
	}
	list, err := svc.Drafts(ctx)
	if err != nil || len(list) != 2 || list[0].ID != other.ID || list[1].By != "anne@immo-arlon.be" || list[1].Base != base || list[0].Config != nil {
		t.Errorf("Drafts = %+v, %v; want Paul's then Anne's, without their configuration", list, err)
	}
	v, err := svc.PublishDraft(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be"}, d.ID, "spring")
	if err != nil {
		t.Fatal(err)
	}
	if svc.Current().Version != v.ID || svc.Current().Site.Agency.Name != "Immo Arlon (printemps)" {
		t.Errorf("after publishing: serving %d %q", svc.Current().Version, svc.Current().Site.Agency.Name)
	}
	if _, err := s.SiteDraft(ctx, d.ID); !errors.Is(err, agency.ErrNoDraft) {
		t.Errorf("the draft published is still there: %v", err)
	}
	// Paul's draft started from the version Anne's replaced: his publish
	// would undo hers, and is refused; the changes she made are named.
	if _, err := svc.PublishDraft(ctx, agency.Editor{ID: 8, Email: "paul@immo-arlon.be"}, other.ID, ""); !errors.Is(err, agency.ErrMeanwhile) {
		t.Errorf("publish over a newer version = %v, want ErrMeanwhile", err)
	}
	if svc.Current().Version != v.ID {
		t.Errorf("the refused publish changed the version served: %d", svc.Current().Version)
	}
	// Bringing back a version is changing the site too: an editor who is
	// no admin brings back none that differs in an admin's part.
	before := svc.Current().Version
	if _, err := svc.Publish(ctx, "site.json", []byte(tags), "anne@immo-arlon.be", "new tags"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Revert(ctx, agency.Editor{ID: 8, Email: "paul@immo-arlon.be"}, before, ""); !errors.Is(err, agency.ErrAdminOnly) {
		t.Errorf("an agent bringing back other tags = %v, want ErrAdminOnly", err)
	}
	if _, err := svc.Revert(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be", Admin: true}, before, ""); err != nil {
		t.Errorf("an admin bringing back other tags = %v", err)
	}
	if err := svc.DiscardDraft(ctx, other.ID); err != nil {
		t.Fatal(err)
	}
	if list, _ := svc.Drafts(ctx); len(list) != 0 {
		t.Errorf("drafts left: %+v", list)
	}
}

// testSitePublishedMeanwhile: publications made over the same version at
// the same moment: one passes, the others are ErrMeanwhile.
func testSitePublishedMeanwhile(t *testing.T, s agency.Store) {
	ctx := t.Context()
	svc, err := agency.Open(ctx, s, agency.Source{Name: "demo/site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	over := svc.Current().Version
	const n = 4
	results := make(chan error, n)
	for i := range n {
		go func() {
			v := agency.Version{Config: []byte(strconv.Itoa(i)), Over: over, By: "x", At: created}
			_, err := s.PublishSiteVersion(ctx, v, published)
			results <- err
		}()
	}
	passed := 0
	for range n {
		switch err := <-results; {
		case err == nil:
			passed++
		case !errors.Is(err, agency.ErrMeanwhile):
			t.Errorf("a publication over a replaced version = %v, want ErrMeanwhile", err)
		}
	}
	if passed != 1 {
		t.Errorf("%d publications over version %d passed, want 1", passed, over)
	}
	if list, _ := s.SiteVersions(ctx, 10); len(list) != 2 {
		t.Errorf("%d versions, want 2 (the refused ones leave none)", len(list))
	}
}

// testSiteSchedule: a draft scheduled is published when its time comes,
// by whoever scheduled it, once whatever the servers; one that can no
// longer be stays a draft with why; a time past is refused.
func testSiteSchedule(t *testing.T, s agency.Store) {
	ctx := t.Context()
	now := time.Date(2026, 3, 20, 18, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	one, err := agency.Open(ctx, s, agency.Source{Name: "demo/site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}, clock)
	if err != nil {
		t.Fatal(err)
	}
	two, err := agency.Open(ctx, s, agency.Source{}, clock)
	if err != nil {
		t.Fatal(err)
	}
	d, err := one.StartDraft(ctx, "anne@immo-arlon.be")
	if err != nil {
		t.Fatal(err)
	}
	spring := strings.Replace(string(demo.SiteJSON()), `"Immo Arlon"`, `"Immo Arlon (printemps)"`, 1)
	if _, _, err := one.KeepDraft(ctx, d.ID, []byte(spring), agency.Editor{Email: "anne@immo-arlon.be"}); err != nil {
		t.Fatal(err)
	}
	monday := now.Add(62 * time.Hour)
	for _, at := range []time.Time{now.Add(-time.Minute), now, now.Add(agency.MaxScheduleAhead + time.Hour)} {
		if err := one.ScheduleDraft(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be"}, d.ID, at); !errors.Is(err, agency.ErrScheduleTime) {
			t.Errorf("scheduled at %v: %v, want ErrScheduleTime", at, err)
		}
	}
	if err := one.ScheduleDraft(ctx, agency.Editor{ID: 8, Email: "paul@immo-arlon.be"}, d.ID, monday); !errors.Is(err, agency.ErrNotYours) {
		t.Errorf("another's draft scheduled: %v, want ErrNotYours", err)
	}
	if err := one.ScheduleDraft(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be"}, d.ID, monday); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.SiteDraft(ctx, d.ID); !got.PublishAt.Equal(monday) || got.ScheduledBy != 7 {
		t.Errorf("the draft scheduled: at %v by %d", got.PublishAt, got.ScheduledBy)
	}
	before := one.Current().Version
	if published, err := one.PublishDue(ctx); err != nil || published {
		t.Fatalf("before its time: published %v, %v", published, err)
	}
	now = monday
	results := make(chan bool, 2)
	for _, svc := range []*agency.Service{one, two} {
		go func() {
			published, err := svc.PublishDue(ctx)
			if err != nil {
				t.Error(err)
			}
			results <- published
		}()
	}
	if a, b := <-results, <-results; a == b {
		t.Fatalf("two servers at the time: published %v and %v, want one of them", a, b)
	}
	if _, err := one.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if cur := one.Current(); cur.Version == before || cur.Site.Agency.Name != "Immo Arlon (printemps)" {
		t.Errorf("at its time the draft is not online: version %d, %q", cur.Version, cur.Site.Agency.Name)
	}
	if list, _ := s.SiteVersions(ctx, 1); len(list) != 1 || list[0].By != "anne@immo-arlon.be" {
		t.Errorf("the version published on schedule: %+v", list)
	}
	if _, err := s.SiteDraft(ctx, d.ID); !errors.Is(err, agency.ErrNoDraft) {
		t.Errorf("the draft published on schedule is still there: %v", err)
	}
	// One that started before another publication: kept, with why.
	late, err := one.StartDraft(ctx, "anne@immo-arlon.be")
	if err != nil {
		t.Fatal(err)
	}
	if err := one.ScheduleDraft(ctx, agency.Editor{ID: 7, Email: "anne@immo-arlon.be"}, late.ID, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := one.Publish(ctx, "site.json", demo.SiteJSON(), "paul@immo-arlon.be", ""); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Hour)
	if published, err := one.PublishDue(ctx); err != nil || published {
		t.Errorf("a schedule over a newer version: published %v, %v", published, err)
	}
	if got, err := s.SiteDraft(ctx, late.ID); err != nil || got.ScheduleFailed != agency.ErrMeanwhile.Key || !got.PublishAt.IsZero() {
		t.Errorf("the draft whose schedule failed: %+v, %v", got, err)
	}
}
