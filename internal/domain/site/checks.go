package site

// Field checks shared by the validators. Each reports on p under path.

import (
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

var telLink = regexp.MustCompile(`^tel:\+?[0-9]{6,15}$`)

// required reports an empty value and tells whether it was set.
func required(p *problems, path, v string) bool {
	if strings.TrimSpace(v) == "" {
		p.add(path, "required")
		return false
	}
	return true
}

// requireText reports a text empty in the default language.
func (c *Config) requireText(p *problems, path string, t Text) {
	if lang := c.Languages.Default; strings.TrimSpace(t[lang]) == "" {
		p.add(path, "required in the default language (%s)", lang)
	}
}

func isEmpty(t Text) bool {
	for _, s := range t {
		if strings.TrimSpace(s) != "" {
			return false
		}
	}
	return true
}

// oneOf reports v when it is not in allowed.
func oneOf(p *problems, path, v string, allowed []string) {
	if slices.Contains(allowed, v) {
		return
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = a
		if a == "" {
			names[i] = `""`
		}
	}
	p.add(path, "must be one of %s (got %q)", strings.Join(names, ", "), v)
}

// checkLink accepts "" or a link the site may follow: a path starting with
// a single /, an http(s) URL with a host, tel: with digits, mailto: with @.
func checkLink(p *problems, path, link string) {
	switch {
	case link == "":
	case strings.HasPrefix(link, "/") && !strings.HasPrefix(link, "//"):
		if strings.ContainsAny(link, " \t\n") {
			p.add(path, "%q: a path must not contain spaces", link)
		}
	case strings.HasPrefix(link, "http://"), strings.HasPrefix(link, "https://"):
		if u, err := url.Parse(link); err != nil || u.Host == "" {
			p.add(path, "%q is not a valid URL", link)
		}
	case strings.HasPrefix(link, "tel:"):
		if !telLink.MatchString(link) {
			p.add(path, "%q: want tel: then digits, e.g. tel:+3263224455", link)
		}
	case strings.HasPrefix(link, "mailto:"):
		if !strings.Contains(link, "@") {
			p.add(path, "%q: want mailto: then an email address", link)
		}
	default:
		p.add(path, "%q must be a path starting with / or an http(s)://, tel: or mailto: link", link)
	}
}

// checkAsset accepts "" or a picture or video address: a path starting
// with / or an http(s) URL.
func checkAsset(p *problems, path, src string) {
	if src == "" || strings.HasPrefix(src, "/") && !strings.HasPrefix(src, "//") ||
		strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://") {
		return
	}
	p.add(path, "%q must be a path starting with / or an http(s) URL", src)
}

func checkImages(p *problems, path string, images []Image) {
	for i, img := range images {
		ip := fmt.Sprintf("%s[%d].url", path, i)
		if required(p, ip, img.URL) {
			checkAsset(p, ip, img.URL)
		}
	}
}

func checkCol(p *problems, path string, c Col) {
	for i, v := range []int{c.SM, c.MD, c.LG} {
		if v < 0 || v > 12 {
			p.add(path+"."+[]string{"sm", "md", "lg"}[i], "must be between 0 and 12 (got %d)", v)
		}
	}
}

// checkPlaceholders reports {{name}} placeholders other than known.
func checkPlaceholders(p *problems, path string, t Text, known ...string) {
	want := make([]string, len(known))
	for i, k := range known {
		want[i] = "{{" + k + "}}"
	}
	for _, lang := range sortedKeys(t) {
		for _, m := range placeholder.FindAllStringSubmatch(t[lang], -1) {
			if !slices.Contains(known, m[1]) {
				p.add(path+"."+lang, "unknown placeholder %s (known: %s)", m[0], strings.Join(want, ", "))
			}
		}
	}
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
