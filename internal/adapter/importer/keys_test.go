package importer_test

import (
	"context"
	"errors"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"immo/internal/adapter/importer"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/i18n"
)

// keyed fails t unless every problem has a key the staff can read
// (importer.ProblemKeys) and bounded parameters.
func keyed(t *testing.T, problems []importer.Problem) {
	t.Helper()
	for _, p := range problems {
		if p.Key == "" || !slices.Contains(importer.ProblemKeys, p.Key) {
			t.Errorf("%s: key %q, want one of importer.ProblemKeys", p, p.Key)
		}
		for name, v := range p.Params {
			if len(v) > 100+len("…") || !utf8.ValidString(v) {
				t.Errorf("%s: parameter %s is %d bytes: %.40q", p, name, len(v), v)
			}
		}
	}
}

var placeholder = regexp.MustCompile(`\{\{(\w+)\}\}`)

// TestKeysTranslated: every key a problem or a run's error may have reads
// in every language, with the same values in each.
func TestKeysTranslated(t *testing.T) {
	for prefix, keys := range map[string][]string{
		"admin.runs.problem.": importer.ProblemKeys,
		"admin.runs.error.":   importer.ErrorKeys,
	} {
		if len(keys) != len(slices.Compact(slices.Sorted(slices.Values(keys)))) {
			t.Errorf("%s: a key listed twice in %v", prefix, keys)
		}
		for _, k := range keys {
			var want []string
			for i, lang := range i18n.Languages {
				s, ok := i18n.Bundled()[lang][prefix+k]
				if !ok || s == "" {
					t.Errorf("%s: %s%s has no text", lang, prefix, k)
					continue
				}
				var names []string
				for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
					names = append(names, m[1])
				}
				slices.Sort(names)
				if i == 0 {
					want = names
				} else if !slices.Equal(names, want) {
					t.Errorf("%s: %s%s takes %v, %s %v", lang, prefix, k, names, i18n.Languages[0], want)
				}
			}
		}
	}
}

// TestProblemsKeyed: the problems of a file with many kinds of bad records
// each have a key, which the run keeps.
func TestProblemsKeyed(t *testing.T) {
	file := demoJSON(t, func(c *catalog.Catalog) {
		c.Types[0].WebID = 0
		c.Types[1].Name = catalog.Text{"fr": "Maison", "xx": "?"}
		c.Properties[1].Price = -5
		c.Properties[2].Rooms = &catalog.Rooms{Bedrooms: -1}
		c.Properties[3].ConstructionYear = 20000
		c.Properties[4].PriceUnit = 101
		c.Properties[5].CountryID, c.Properties[5].Zip = 10, "ABC"
		c.Properties[6].CountryID, c.Properties[6].Zip = 50, "801"
		c.Properties[7].CountryID, c.Properties[7].Zip = 20, strings.Repeat("<", 300)
		c.Properties[8].VirtualTour = "http://10.0.0.1/"
		c.Properties[9].Pictures = []catalog.Picture{{Url: "http://127.0.0.1/x.jpg", Width: -1}}
		c.Properties[10].Status = "gone"
		c.Properties[11].Latitude = 100
		c.Properties[12].Reference = strings.Repeat("x", 1000)
		c.Properties[13].City = "Arlon\x00"
		c.Properties[14].Pictures = make([]catalog.Picture, importer.MaxItems+1)
		c.Properties[15].Financial = &catalog.Financial{Deposit: 1e300}
		c.Properties[16].WebID = 99
		c.Properties[17].Goal = 7
		c.Properties[18].ID = c.Properties[19].ID
		c.Properties[20].City = " "
		c.Projects[0].Units[0].Status = "maybe"
	})
	file = strings.Replace(file, `"Goal":0,`, `"Goal":"sale",`, 1)
	file = strings.Replace(file, `"ID":4100031,`, `"ID":4100031,"Colour":"red",`, 1)
	store := newStore(t)
	rep, err := importer.Run(context.Background(), store, strings.NewReader(file), importer.Options{Now: fixedNow})
	if _, ok := errors.AsType[*importer.ErrProblems](err); !ok {
		t.Fatalf("want problems, got %v", err)
	}
	keyed(t, rep.Problems)
	got := map[string]bool{}
	for _, p := range rep.Problems {
		got[p.Key] = true
	}
	for _, k := range []string{importer.KeyWrongType, importer.KeyUnknownField, importer.KeyPositiveWhole, importer.KeyUnknownLanguage,
		importer.KeyAmountRange, importer.KeyWholeRange, importer.KeyYearRange, importer.KeyCodeRange, importer.KeyZipBelgium,
		importer.KeyZipLuxembourg, importer.KeyZipFormat, importer.KeyNotPublicHost, importer.KeyNotSitePathOrPublic,
		importer.KeyPropertyStatus, importer.KeyCoordinates, importer.KeyTooLong, importer.KeyInvalidText, importer.KeyTooManyItems,
		importer.KeyNumberRange, importer.KeyUnknownType, importer.KeyGoal, importer.KeyIDTwice, importer.KeyRequired,
		importer.KeyUnitStatus} {
		if !got[k] {
			t.Errorf("no problem keyed %s in %v", k, slices.Sorted(maps.Keys(got)))
		}
	}
	for _, p := range rep.Problems {
		if p.Key == importer.KeyZipFormat && p.Params["value"] != strings.Repeat("<", 100)+"…" {
			t.Errorf("a long zip as a parameter: %q", p.Params["value"])
		}
		if p.Key == importer.KeyAmountRange && p.Params["max"] != "1000000000" {
			t.Errorf("the amount's bound: %v", p.Params)
		}
	}
	run := importer.RunOf("bad.json", feed.TriggerCommand, "", fixedNow(), fixedNow(), rep, err)
	if run.ErrorKey != importer.ErrKeyProblems || run.ErrorParams["n"] != strconv.Itoa(len(rep.Problems)) || len(run.Problems) != len(rep.Problems) {
		t.Fatalf("the run: error %q %v, %d problems", run.ErrorKey, run.ErrorParams, len(run.Problems))
	}
	for i, p := range run.Problems {
		if p.Key != rep.Problems[i].Key || !maps.Equal(p.Params, rep.Problems[i].Params) || p.Message != rep.Problems[i].Message {
			t.Errorf("problem %d as kept: %+v, want %+v", i, p, rep.Problems[i])
		}
	}
}

// tooLarge reads what it holds, then fails as a reader that caps a file's size.
type tooLarge struct{ r io.Reader }

func (l tooLarge) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if err == io.EOF {
		return n, importer.ErrTooLarge
	}
	return n, err
}

// TestRunErrorKeys: why nothing was applied has a key the staff read, and
// keeps its English words.
func TestRunErrorKeys(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	if _, err := importer.Run(ctx, store, strings.NewReader(demoJSON(t, nil)), importer.Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	oneBad := demoJSON(t, func(c *catalog.Catalog) { c.Properties[0].Goal = 7 })
	for _, tc := range []struct {
		name string
		in   io.Reader
		opts importer.Options
		key  string
		// params wanted (a subset)
		params map[string]string
	}{
		{name: "not JSON", in: strings.NewReader(`not json`), key: importer.ErrKeyNotCatalog},
		{name: "too large", in: tooLarge{strings.NewReader(`{"properties": [`)}, key: importer.ErrKeyTooLarge},
		{name: "more after", in: strings.NewReader(`{"properties": [], "projects": []} {}`), key: importer.ErrKeyTrailingData},
		{name: "no properties", in: strings.NewReader(`{"projects": []}`), key: importer.ErrKeyNoProperties},
		{name: "no projects", in: strings.NewReader(`{"properties": []}`), key: importer.ErrKeyNoProjects},
		{name: "empty", in: strings.NewReader(`{"properties": [], "projects": []}`), key: importer.ErrKeyEmpty},
		{name: "one problem", in: strings.NewReader(oneBad), key: importer.ErrKeyOneProblem},
		{name: "unidentified", in: strings.NewReader(strings.Replace(demoJSON(t, nil), `"ID":4100001,`, `"ID":"4100001",`, 1)),
			opts: importer.Options{Partial: true}, key: importer.ErrKeyUnidentified, params: map[string]string{"record": "properties[0]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Now = fixedNow
			rep, err := importer.Run(ctx, store, tc.in, tc.opts)
			if err == nil {
				t.Fatal("imported")
			}
			run := importer.RunOf("f.json", feed.TriggerCommand, "", fixedNow(), fixedNow().Add(time.Second), rep, err)
			if run.Status != feed.StatusFailed || run.ErrorKey != tc.key || run.Error != err.Error() {
				t.Errorf("run: %s %q (%q), want key %q", run.Status, run.ErrorKey, run.Error, tc.key)
			}
			for k, v := range tc.params {
				if run.ErrorParams[k] != v {
					t.Errorf("params %v, want %s=%q", run.ErrorParams, k, v)
				}
			}
			if !slices.Contains(importer.ErrorKeys, run.ErrorKey) {
				t.Errorf("%q is not in importer.ErrorKeys", run.ErrorKey)
			}
		})
	}
	// An error without a key (the store's): the English words only.
	run := importer.RunOf("f.json", feed.TriggerCommand, "", fixedNow(), fixedNow(), importer.Report{}, errors.New("database is locked"))
	if run.ErrorKey != "" || run.Error != "database is locked" {
		t.Errorf("an unkeyed error: %q %q", run.ErrorKey, run.Error)
	}
}
