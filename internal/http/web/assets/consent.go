package assets

// ConsentAskClass is the class the head's consent script puts on <html> for
// a visitor who has not chosen yet: the cookie dialog, which every page's
// HTML holds (web/src/shared/consent, ConsentBanner), shows only under it.
// The page stays the same for every visitor, so it is cached and shared;
// which visitor sees the dialog is decided in their browser, before the
// first paint, so the dialog paints with the page instead of after the
// scripts, and moves nothing when it appears. Without JavaScript the class is
// never set and the dialog, whose buttons need the script, never shows.
const ConsentAskClass = "consent-ask"

// ConsentAskScript sets ConsentAskClass when there is no consent cookie
// (vanilla-cookieconsent's cc_cookie) or the address asks for the choice
// again (setcookies anywhere in the query), except on a preview path: the
// rules of web/src/shared/consent (mustAsk, wantsReset, isPreview), which take
// over once the app runs and also ask again a visitor whose choice is of an
// older revision. An inline script in the head runs before the body paints;
// the page's nonce is added to it with the asset tags' (respond's
// withNonceAttr).
const ConsentAskScript = `<script id="consent-ask">` +
	`(function(d,l){if(/preview/i.test(l.pathname))return;` +
	`if(!/(^|;\s*)cc_cookie=/.test(d.cookie)||/setcookies/i.test(l.search))` +
	`d.documentElement.classList.add("` + ConsentAskClass + `")})(document,location)` +
	`</script>`
