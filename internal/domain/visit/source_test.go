package visit

import (
	"context"
	"errors"
	"maps"
	"testing"
)

func TestSourceOf(t *testing.T) {
	const host = "www.agence.be:8080"
	for _, c := range []struct {
		referer, query string
		want           Source
	}{
		{"", "", SourceDirect},
		{"", "page=2", SourceDirect},
		// Our own pages, with or without www, any port, any scheme.
		{"https://www.agence.be/nl/te-koop/", "", SourceSite},
		{"http://agence.be:8080/", "", SourceSite},
		{"https://WWW.AGENCE.BE./fr/", "", SourceSite},
		// Search engines, in any country.
		{"https://www.google.be/", "", SourceSearch},
		{"https://www.google.co.uk/", "", SourceSearch},
		{"https://www.bing.com/search?q=villa", "", SourceSearch},
		{"https://duckduckgo.com/", "", SourceSearch},
		{"https://www.ecosia.org/", "", SourceSearch},
		{"https://search.brave.com/", "", SourceSearch},
		{"https://search.yahoo.com/", "", SourceSearch},
		{"android-app://com.google.android.googlequicksearchbox/", "", SourceSearch},
		// Portals.
		{"https://www.immoweb.be/", "", SourcePortal},
		{"https://www.zimmo.be/nl/", "", SourcePortal},
		{"https://www.immovlan.be/", "", SourcePortal},
		{"https://www.logic-immo.be/", "", SourcePortal},
		{"https://www.athome.lu/", "", SourcePortal},
		{"https://www.immotop.lu/", "", SourcePortal},
		// Social networks, short links included.
		{"https://l.facebook.com/", "", SourceSocial},
		{"https://m.facebook.com/", "", SourceSocial},
		{"https://www.instagram.com/", "", SourceSocial},
		{"https://www.linkedin.com/", "", SourceSocial},
		{"https://t.co/", "", SourceSocial},
		{"https://x.com/", "", SourceSocial},
		{"android-app://com.facebook.katana/", "", SourceSocial},
		// Webmails, and links marked as mail whatever the Referer.
		{"https://mail.google.com/", "", SourceMail},
		{"https://outlook.live.com/", "", SourceMail},
		{"https://mail.yahoo.com/", "", SourceMail},
		{"https://webmail.proximus.be/", "", SourceMail},
		{"https://mail.ovh.net/roundcube/", "", SourceMail},
		{"android-app://com.google.android.gm/", "", SourceMail},
		{"", "utm_source=newsletter&utm_medium=email", SourceMail},
		{"https://www.google.be/", "utm_medium=E-mail", SourceMail},
		{"https://www.agence.be/", "utm_medium=newsletter", SourceMail},
		{"", "utm_medium=social&utm_source=whatever", SourceSocial},
		{"", "utm_source=immoweb", SourcePortal},
		{"", "utm_source=facebook.com", SourceSocial},
		{"", "utm_source=unknown", SourceDirect},
		{"", "utm_medium=cpc", SourceDirect},
		// Anything else.
		{"https://www.example.com/blog", "", SourceOther},
		{"https://agence.be.evil.example/", "", SourceOther},
		{"https://be/", "", SourceOther},
		{"ftp://files.example/", "", SourceOther},
		{"not a url", "", SourceOther},
		{"https:///nohost", "", SourceOther},
		{"https://user@[2001:db8::1]:443/", "", SourceOther},
	} {
		if got := SourceOf(c.referer, host, c.query); got != c.want {
			t.Errorf("SourceOf(%q, %q) = %s, want %s", c.referer, c.query, got, c.want)
		}
	}
	for _, s := range Sources {
		if !s.Valid() {
			t.Errorf("%s not valid", s)
		}
	}
	if Source("site2").Valid() || Source("").Valid() {
		t.Error("an unknown source is valid")
	}
}

type sourceStore struct {
	memStore
	sources map[SourceKey]int
	failSrc bool
}

func (m *sourceStore) AddSources(_ context.Context, c map[SourceKey]int) error {
	if m.failSrc {
		return errors.New("down")
	}
	for k, n := range c {
		m.sources[k] += n
	}
	return nil
}

func (m *sourceStore) Sources(_ context.Context, property int64, from, to Day) (map[Source]int, error) {
	out := map[Source]int{}
	for k, n := range m.sources {
		if k.Property == property && k.Day >= from && k.Day <= to {
			out[k.Source] += n
		}
	}
	return out, nil
}

// A visit counts its source once, with the visit: a visitor's second view
// of the day asks for no source; the sources add up to the visits; a
// failed flush of the sources keeps them (and only them) for the next.
func TestCounterSources(t *testing.T) {
	var c Counter
	asked := 0
	from := func(s Source) func() Source { return func() Source { asked++; return s } }
	c.CountFrom(1, "a", at("2026-11-23 10:00"), from(SourceSearch))
	c.CountFrom(1, "a", at("2026-11-23 11:00"), from(SourceSite)) // seen: neither counted nor asked
	c.CountFrom(1, "b", at("2026-11-23 11:00"), from(SourceSite))
	c.CountFrom(2, "b", at("2026-11-23 11:00"), from(SourceSearch))
	c.Count(2, "c", at("2026-11-23 12:00")) // no source known
	if asked != 3 {
		t.Fatalf("the source was asked %d times, want 3", asked)
	}
	st := &sourceStore{memStore: memStore{counts: map[Key]int{}}, sources: map[SourceKey]int{}, failSrc: true}
	if err := c.Flush(context.Background(), st); err == nil {
		t.Fatal("no error when the sources failed")
	}
	wantCounts := map[Key]int{{1, "2026-11-23"}: 2, {2, "2026-11-23"}: 2}
	if !maps.Equal(st.counts, wantCounts) {
		t.Fatalf("counts %v, want %v", st.counts, wantCounts)
	}
	st.failSrc = false
	c.CountFrom(1, "d", at("2026-11-23 13:00"), from(SourceSearch))
	if err := c.Flush(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	wantCounts[Key{1, "2026-11-23"}]++
	want := map[SourceKey]int{{1, "2026-11-23", SourceSearch}: 2, {1, "2026-11-23", SourceSite}: 1, {2, "2026-11-23", SourceSearch}: 1}
	if !maps.Equal(st.counts, wantCounts) || !maps.Equal(st.sources, want) {
		t.Fatalf("counts %v sources %v, want %v %v", st.counts, st.sources, wantCounts, want)
	}
	// A store that keeps no sources: the counts are written, the sources dropped.
	c.CountFrom(3, "a", at("2026-11-23 13:00"), from(SourceMail))
	plain := &memStore{counts: map[Key]int{}}
	if err := c.Flush(context.Background(), plain); err != nil || plain.counts[Key{3, "2026-11-23"}] != 1 {
		t.Fatalf("plain store: %v %v", plain.counts, err)
	}
}

func BenchmarkSourceOf(b *testing.B) {
	for _, ref := range []string{"", "https://www.agence.be/nl/te-koop/", "https://www.google.be/", "https://www.example.com/"} {
		b.Run(ref, func(b *testing.B) {
			for b.Loop() {
				SourceOf(ref, "www.agence.be", "")
			}
		})
	}
}
