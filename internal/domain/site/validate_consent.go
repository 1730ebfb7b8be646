package site

import "regexp"

// The tracking ids' forms: each goes into a script address, so nothing else may.
// The tags' ids, also the order the consent source lists them in (Tags).
var tagIDs = []struct {
	service       string
	path, example string
	pattern       *regexp.Regexp
	get           func(SiteInfo) string
}{
	{ServiceTagManager, "siteInfo.tagManagerId", "GTM-ABC1234", regexp.MustCompile(`^GTM-[A-Z0-9]{4,12}$`), func(s SiteInfo) string { return s.TagManagerID }},
	{ServiceAnalytics, "siteInfo.googleAnalyticsId", "G-ABC123DEF4", regexp.MustCompile(`^G-[A-Z0-9]{4,16}$`), func(s SiteInfo) string { return s.GoogleAnalyticsID }},
	{ServiceAds, "siteInfo.googleAdsId", "AW-123456789", regexp.MustCompile(`^AW-[0-9]{6,15}$`), func(s SiteInfo) string { return s.GoogleAdsID }},
	{ServicePixel, "siteInfo.socialPixelId", "123456789012345", regexp.MustCompile(`^[0-9]{8,20}$`), func(s SiteInfo) string { return s.SocialPixelID }},
}

// checkConsent checks the consent cookie's lifetime (at most 13 months, the
// Belgian DPA's advice for consent; absent: DefaultCookieDays) and revision, and the tags' ids (empty:
// the tag is not used).
func (c *Config) checkConsent(p *problems) {
	if d := c.Consent.CookieDays; d < 0 || d > 395 {
		p.add("consent.cookieDays", "must be between 1 and 395 days, or absent for %d (got %d)", DefaultCookieDays, d)
	}
	if c.Consent.Revision < 0 {
		p.add("consent.revision", "must be 0 or more (got %d)", c.Consent.Revision)
	}
	for _, t := range tagIDs {
		if id := t.get(c.SiteInfo); id != "" && !t.pattern.MatchString(id) {
			p.add(t.path, "%q is not such an id (e.g. %s)", id, t.example)
		}
	}
}
