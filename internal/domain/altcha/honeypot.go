package altcha

import "net/url"

// HoneypotField is the trap every visitor form carries: a text input that
// people never see (moved off screen by CSS, aria-hidden, tabindex -1,
// autocomplete off) and so leave empty, and that form-filling bots fill.
// Its name looks like a field worth filling, yet no browser autofill
// recognises it, and no real form field of ours is called so (the
// testimonial has a real "website").
const HoneypotField = "website2"

// Honeypot tells whether a post fell into the trap: the field is present
// and not empty (a space counts). A post without the field — a page
// cached before the field existed — passes.
//
// The caller answers a trapped post like a success (the redirect to the
// thank-you page) and keeps nothing: the bot learns nothing to adapt to.
// See docs/ARCHITECTURE.md, "Spam".
func Honeypot(values url.Values) bool {
	for _, v := range values[HoneypotField] {
		if v != "" {
			return true
		}
	}
	return false
}
