package site

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"immo/internal/domain/i18n"
	"immo/internal/domain/rules"
)

// check applies every rule and returns the problems, each with its JSON
// path. Pages, modules and menus are checked in validate_pages.go.
func (c *Config) check() []*FieldError {
	var p problems
	c.checkAgency(&p)
	c.checkLanguages(&p)
	c.checkHeader(&p)
	c.checkTopBar(&p)
	c.checkPages(&p)
	c.checkMenu(&p, "menu", c.Menu)
	c.checkFooter(&p)
	c.checkBanner(&p)
	c.checkSearchBlock(&p)
	c.checkPopup(&p)
	c.checkLegal(&p)
	c.checkStreetView(&p)
	c.checkAppointments(&p)
	c.checkCaptcha(&p)
	c.checkConsent(&p)
	c.checkRentApplication(&p)
	c.checkZones(&p)
	c.checkPaths(&p)
	c.checkMoved(&p)
	return p
}

var (
	phoneChars = regexp.MustCompile(`^[0-9 +./()-]+$`)
	clock      = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
	// apiKey is the form of a Google API key ("AIza…", 39 characters): it
	// goes into a frame's address, so nothing else may.
	apiKey = regexp.MustCompile(`^[A-Za-z0-9_-]{20,100}$`)
	// siteKey is the form of a captcha's public site key (Turnstile's
	// "0x4AAA…", hCaptcha's UUID, reCAPTCHA's "6Le…"): it goes into the page.
	siteKey = regexp.MustCompile(`^[A-Za-z0-9_-]{10,100}$`)
)

func (c *Config) checkAgency(p *problems) {
	a := c.Agency
	required(p, "agency.name", a.Name)
	switch {
	case strings.TrimSpace(a.Email) == "":
		p.add("agency.email", "required")
	case !strings.Contains(a.Email, "@") || strings.ContainsAny(a.Email, " \t"):
		p.add("agency.email", "%q is not an email address", a.Email)
	}
	switch {
	case strings.TrimSpace(a.Phone) == "":
		p.add("agency.phone", "required")
	case !phoneChars.MatchString(a.Phone) || countDigits(a.Phone) < 6:
		p.add("agency.phone", "%q is not a phone number", a.Phone)
	}
	checkAsset(p, "agency.logo", a.Logo)
	if a.Geo.Lat < -90 || a.Geo.Lat > 90 {
		p.add("agency.geo.lat", "must be between -90 and 90")
	}
	if a.Geo.Lng < -180 || a.Geo.Lng > 180 {
		p.add("agency.geo.lng", "must be between -180 and 180")
	}
	days := map[string]string{}
	for i, d := range a.OpeningHours {
		path := fmt.Sprintf("agency.openingHours[%d]", i)
		if !slices.Contains(Weekdays, d.Day) {
			oneOf(p, path+".day", d.Day, Weekdays)
		} else if prev, ok := days[d.Day]; ok {
			p.add(path+".day", "%s is already given in %s", d.Day, prev)
		}
		days[d.Day] = path
		checkHours(p, path, d.Hours, false, nil)
	}
}

// checkHours checks the time ranges of a day at path (path.hours[i]): from
// and to times (HH:MM; to may be 24:00 when untilMidnight), from before
// to, each range after the one before; then what fits says of a range, if
// given (nil: fine).
func checkHours(p *problems, path string, hours []TimeRange, untilMidnight bool, fits func(TimeRange) *message) {
	end := ""
	for i, r := range hours {
		rp := fmt.Sprintf("%s.hours[%d]", path, i)
		okFrom, okTo := clock.MatchString(r.From), clock.MatchString(r.To) || untilMidnight && r.To == "24:00"
		if !okFrom {
			p.add(rp+".from", "%q is not a time (HH:MM)", r.From)
		}
		if !okTo {
			p.add(rp+".to", "%q is not a time (HH:MM)", r.To)
		}
		if !okFrom || !okTo {
			continue
		}
		switch {
		case r.From >= r.To:
			p.add(rp, "%s-%s: from must be before to", r.From, r.To)
		case r.From < end:
			p.add(rp, "%s-%s overlaps or precedes the range before", r.From, r.To)
		case fits != nil:
			if problem := fits(r); problem != nil {
				p.addMsg(rp, problem)
			}
		}
		end = r.To
	}
}

func (c *Config) checkLanguages(p *problems) {
	l := c.Languages
	seen := map[string]bool{}
	for i, u := range l.Use {
		path := fmt.Sprintf("languages.use[%d].code", i)
		switch {
		case !knownLanguage(u.Code):
			oneOf(p, path, u.Code, i18n.Languages)
		case seen[u.Code]:
			p.add(path, "%q is listed twice", u.Code)
		}
		seen[u.Code] = true
	}
	if len(l.Enabled()) == 0 {
		p.add("languages.use", "no language is enabled")
	}
	if !l.IsEnabled(l.Default) {
		p.add("languages.default", "%q is not an enabled language", l.Default)
	}
}

func (c *Config) checkHeader(p *problems) {
	h := c.Header
	oneOf(p, "header.menuPosition", h.MenuPosition, []string{Left, Center, Right})
	oneOf(p, "header.logoPosition", h.LogoPosition, []string{Left, Center, Right})
	oneOf(p, "header.drawerButton", h.DrawerButton, []string{Left, Right})
}

func (c *Config) checkTopBar(p *problems) {
	for side, items := range [][]TopBarItem{c.TopBar.Left, c.TopBar.Right} {
		for i, it := range items {
			path := fmt.Sprintf("topBar.%s[%d]", []string{"left", "right"}[side], i)
			checkLink(p, path+".link", it.Link)
			it.DisplayCondition.Check(p, path+".displayCondition")
			if it.Status && isEmpty(it.Label) && it.Icon == "" {
				p.add(path, "a shown item needs a label or an icon")
			}
		}
	}
}

func (c *Config) checkFooter(p *problems) {
	for i, col := range c.Footer.Columns {
		path := fmt.Sprintf("footer.columns[%d]", i)
		checkCol(p, path+".col", col.Col)
		checkImages(p, path+".images", col.Images)
		col.DisplayCondition.Check(p, path+".displayCondition")
	}
	checkPlaceholders(p, "footer.copyright", c.Footer.Copyright, "year")
}

func (c *Config) checkBanner(p *problems) {
	b := c.Banner
	if !slices.Contains(BannerTypes, b.Type) {
		oneOf(p, "banner.type", b.Type, BannerTypes)
	}
	checkAsset(p, "banner.image.url", b.Image.URL)
	checkImages(p, "banner.gallery.images", b.Gallery.Images)
	checkAsset(p, "banner.video", b.Video.URL)
	for i, id := range b.Properties {
		if id <= 0 {
			p.add(fmt.Sprintf("banner.properties[%d]", i), "must be a property id")
		}
	}
	for i, id := range b.Projects {
		if id <= 0 {
			p.add(fmt.Sprintf("banner.projects[%d]", i), "must be a project id")
		}
	}
	switch b.Type {
	case BannerImage:
		if b.Image.URL == "" {
			p.add("banner.image.url", "required for an image banner")
		}
	case BannerGallery:
		if len(b.Gallery.Images) == 0 {
			p.add("banner.gallery.images", "a gallery banner needs at least one image")
		}
	case BannerVideo:
		if b.Video.URL == "" {
			p.add("banner.video", "a video banner needs a URL")
		}
	case BannerProperties:
		if len(b.Properties) == 0 && b.Image.URL == "" {
			p.add("banner.properties", "empty: list properties, or give banner.image.url to fall back on")
		}
	case BannerProjects:
		if len(b.Projects) == 0 {
			p.add("banner.projects", "a projects banner needs at least one project id")
		}
	}
}

func (c *Config) checkSearchBlock(p *problems) {
	s := c.SearchBlock
	checkAsset(p, "searchBlock.logo", s.Logo)
	checkPlaceholders(p, "searchBlock.title", s.Title, "forSale", "forRent")
	checkPlaceholders(p, "searchBlock.description", s.Description, "forSale", "forRent")
}

func (c *Config) checkPopup(p *problems) {
	pop := c.Popup
	oneOf(p, "popup.isPublished", pop.IsPublished, []string{PopupYes, PopupNo})
	if pop.Delay < 0 {
		p.add("popup.delay", "must not be negative (got %d)", pop.Delay)
	}
	if pop.Delay > PopupMaxDelay {
		p.add("popup.delay", "at most %d seconds (got %d): nobody waits that long on one page", PopupMaxDelay, pop.Delay)
	}
	checkLink(p, "popup.link", pop.Link)
	checkPopupMedia(p, pop.Media.URL)
	if pop.Published() && isEmpty(pop.Title) && isEmpty(pop.Description) && pop.Media.URL == "" {
		p.add("popup", "a published pop-up needs a title, a description or media")
	}
}

// PopupMaxDelay is the longest pop-up delay the configuration may give, in seconds.
const PopupMaxDelay = 600

// checkPopupMedia: the pop-up shows media.url as a video when it is a video
// link by SPEC §5's rules, else as a picture. A picture must be the site's
// own: one from another host would be requested before the visitor's
// consent; a link to a video site that is no video the rules recognise (a
// channel page, a playlist) would show as a broken picture.
func checkPopupMedia(p *problems, u string) {
	const path = "popup.media.url"
	checkAsset(p, path, u)
	if u == "" || !strings.HasPrefix(u, "http") {
		return
	}
	if _, ok := rules.VideoOf(u); ok {
		return
	}
	if rules.IsVideoHost(u) {
		p.add(path, "%q is not a video link the site recognises (a YouTube or Vimeo video, a Facebook video, a file)", u)
		return
	}
	p.add(path, "%q: a picture must be on the site (a path starting with /): another host would be contacted before the visitor's consent", u)
}

func (c *Config) checkLegal(p *problems) {
	ids := map[string]string{}
	for i, l := range c.Legal {
		path := fmt.Sprintf("legal[%d]", i)
		if required(p, path+".id", l.ID) {
			if prev, ok := ids[l.ID]; ok {
				p.add(path+".id", "%q is also the id of %s", l.ID, prev)
			}
			ids[l.ID] = path
		}
		required(p, path+".name", l.Name)
		checkPagePath(p, path+".path", l.Path)
		for _, lang := range sortedKeys(l.Paths) {
			checkSegment(p, path+".paths."+lang, l.Paths[lang])
		}
		for j, a := range l.Aliases {
			if a == "" {
				p.add(fmt.Sprintf("%s.aliases[%d]", path, j), "empty")
				continue
			}
			checkSegment(p, fmt.Sprintf("%s.aliases[%d]", path, j), a)
		}
		c.requireText(p, path+".title", l.Title)
		c.requireText(p, path+".content", l.Content)
	}
}

func (c *Config) checkStreetView(p *problems) {
	if k := c.StreetView.APIKey; k != "" && !apiKey.MatchString(k) {
		p.add("streetView.apiKey", "%q is not a Google Maps API key (20 to 100 letters, digits, - or _)", k)
	}
}

func (c *Config) checkCaptcha(p *problems) {
	cp := c.Captcha
	if cp == nil {
		return
	}
	if required(p, "captcha.provider", cp.Provider) {
		oneOf(p, "captcha.provider", cp.Provider, CaptchaProviders)
	}
	if required(p, "captcha.siteKey", cp.SiteKey) && !siteKey.MatchString(cp.SiteKey) {
		p.add("captcha.siteKey", "%q is not a site key (10 to 100 letters, digits, - or _)", cp.SiteKey)
	}
}
