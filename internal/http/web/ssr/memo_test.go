package ssr_test

import (
	"context"
	"testing"

	"immo/internal/http/web/ssr"
)

// The bundle memoises the parts many pages share (web/src/lib/memo: the
// footer, the menus, the cookie dialog, the cards, the filters' options) per
// engine. A page rendered from them must be the page rendered in place, byte
// for byte, or the browser's hydration would not match: an engine that has
// rendered every page (twice: a part is learnt after its first render) gives
// the same HTML as a fresh engine, which renders everything in place.
func TestMemoisedPartsRenderAsInPlace(t *testing.T) {
	warm, err := newPool(bundle(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer warm.Close()
	// One render per engine: each render is the first of its engine.
	cold, err := newPool(bundle(t), 1, ssr.WithMaxRenders(1))
	if err != nil {
		t.Fatal(err)
	}
	defer cold.Close()

	all := everyPage(t)
	for range 2 {
		for _, x := range all {
			if _, err := warm.Render(context.Background(), x.pg); err != nil {
				t.Fatalf("%s: %v", x.raw, err)
			}
		}
	}
	// A fresh engine costs ~0.1 s: a sample of views, in every language,
	// whose shared parts differ (the menu's current entry, a list's
	// filters, eager and lazy cards).
	sample := map[string]bool{}
	for _, lang := range []string{"nl", "fr", "en", "de"} {
		for _, p := range []string{"/", "/nope/"} {
			sample["/"+lang+p] = true
		}
	}
	for _, p := range []string{"/nl/te-koop/?page=2&sort=price&order=asc", "/fr/a-vendre/", "/fr/a-vendre/?sort=size", "/fr/vendus-loues/",
		"/fr/a-vendre/arlon/villa-maison-ferme/4100001/", "/en/for-sale/?city=Arlon&page=2", "/de/property/4100063/", "/nl/project/?id=5200003",
		"/de/kontakt/", "/en/privacy/"} {
		sample[p] = true
	}
	n := 0
	for _, x := range all {
		if !sample[x.raw] {
			continue
		}
		n++
		w, err := warm.Render(context.Background(), x.pg)
		if err != nil {
			t.Fatalf("%s: %v", x.raw, err)
		}
		c, err := cold.Render(context.Background(), x.pg)
		if err != nil {
			t.Fatalf("%s: %v", x.raw, err)
		}
		if w.Body != c.Body {
			t.Errorf("%s: the memoised render differs from the render in place:\n%s", x.raw, firstDiff(w.Body, c.Body))
		}
	}
	if n != len(sample) {
		t.Fatalf("rendered %d of the %d sample pages: is every one in everyPage?", n, len(sample))
	}
}

// firstDiff shows where a and b first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return "memoised: …" + a[from:min(len(a), i+120)] + "\nin place:  …" + b[from:min(len(b), i+120)]
}
