package web

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
)

// The EPC label pictures of §9 (/images/epc/{region}/{label}.svg) are drawn
// here rather than shipped as files: one small arrow per label, coloured
// from green (A) to red (G), always in step with the scales in rules.
var epcLabel = regexp.MustCompile(`^([a-g])(_plusplus|_plus|_min)?$`)

var epcRegions = map[string]bool{"flanders": true, "brussels": true, "wallonia": true}

var epcColours = map[byte][2]string{ // fill, text
	'a': {"#00843d", "#fff"}, 'b': {"#4aa83d", "#fff"}, 'c': {"#b5cf2e", "#1a1a1a"}, 'd': {"#fde500", "#1a1a1a"},
	'e': {"#f7ab1b", "#1a1a1a"}, 'f': {"#ee6a24", "#fff"}, 'g': {"#d7261e", "#fff"},
}

func serveEPC(w http.ResponseWriter, r *http.Request) {
	region, file := r.PathValue("region"), r.PathValue("file")
	label, ok := strings.CutSuffix(file, ".svg")
	m := epcLabel.FindStringSubmatch(label)
	if !ok || m == nil || !epcRegions[region] {
		http.NotFound(w, r)
		return
	}
	text := strings.ToUpper(m[1]) + map[string]string{"_plusplus": "++", "_plus": "+", "_min": "−", "": ""}[m[2]]
	fill, ink := epcColours[m[1][0]][0], epcColours[m[1][0]][1]
	// A+ and A++ are a darker green; C+ keeps C's colour (a sub-grade, not a class).
	if m[1] == "a" && (m[2] == "_plus" || m[2] == "_plusplus") {
		fill = "#006b32"
		ink = "#fff"
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=604800")
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="40" viewBox="0 0 96 40" role="img" aria-label="EPC %s">`+
		`<path d="M4 2h68l20 18-20 18H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="%s"/>`+
		`<text x="38" y="28" font-family="Arial,Helvetica,sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="%s">%s</text></svg>`,
		html.EscapeString(text), fill, ink, html.EscapeString(text))
}

// favicon is the agency's mark, a house in the site's blue.
func serveFavicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	fmt.Fprint(w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4e89"/><path d="M16 6 5 15h3v11h6v-7h4v7h6V15h3z" fill="#fff"/></svg>`)
}
