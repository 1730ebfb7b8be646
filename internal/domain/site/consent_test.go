package site

import (
	"slices"
	"testing"
)

func ids(svcs []Service) []string {
	var out []string
	for _, s := range svcs {
		out = append(out, s.ID)
	}
	return out
}

func TestConsentServicesOfTheDemo(t *testing.T) {
	c := loadDemo(t)
	got := c.ConsentServices(Embeds{TourHosts: []string{"https://my.matterport.com", "https://my.matterport.com"}, Tiles: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"})
	want := []string{ServiceSite, ServiceTagManager, ServiceAnalytics, ServiceAds, ServicePixel, ServiceTours, ServiceMapTiles}
	if c.StreetView.APIKey != "" {
		want = slices.Insert(want, 5, ServiceStreetView)
	}
	if !slices.Equal(ids(got), want) {
		t.Fatalf("services = %v, want %v", ids(got), want)
	}
	byID := map[string]Service{}
	for _, s := range got {
		byID[s.ID] = s
	}
	if s := byID[ServiceSite]; s.Category != Necessary || s.Provider != c.Agency.Name || !slices.Equal(s.Cookies, []Cookie{{"cc_cookie", 182}, {"immo_session", 30}}) {
		t.Errorf("own service = %+v", s)
	}
	if s := byID[ServiceAnalytics]; s.Category != Analytics || s.TagID != c.SiteInfo.GoogleAnalyticsID {
		t.Errorf("analytics = %+v", s)
	}
	if s := byID[ServiceAds]; s.Category != Marketing || s.TagID != c.SiteInfo.GoogleAdsID {
		t.Errorf("ads = %+v", s)
	}
	if s := byID[ServicePixel]; s.Category != Social || s.TagID != c.SiteInfo.SocialPixelID {
		t.Errorf("pixel = %+v", s)
	}
	if s := byID[ServiceTours]; s.Category != Unclassified || !slices.Equal(s.Hosts, []string{"https://my.matterport.com"}) || s.Provider != "my.matterport.com" {
		t.Errorf("tours = %+v", s)
	}
	if s := byID[ServiceMapTiles]; s.Category != Unclassified || !slices.Equal(s.Hosts, []string{"https://*.tile.openstreetmap.org"}) {
		t.Errorf("tiles = %+v", s)
	}
}

// A tag without an id is neither listed nor loaded; no tiles, tours or
// videos leave only our own cookie.
func TestConsentServicesMissingIDs(t *testing.T) {
	c := loadDemo(t)
	c.SiteInfo.GoogleAdsID, c.SiteInfo.SocialPixelID = "", " "
	c.StreetView.APIKey = ""
	got := ids(c.ConsentServices(Embeds{Tiles: "/tiles/{z}/{x}/{y}.png"}))
	if want := []string{ServiceSite, ServiceTagManager, ServiceAnalytics}; !slices.Equal(got, want) {
		t.Errorf("services = %v, want %v", got, want)
	}
	if tags := ids(c.SiteInfo.Tags()); !slices.Equal(tags, []string{ServiceTagManager, ServiceAnalytics}) {
		t.Errorf("tags = %v", tags)
	}
	c.SiteInfo, c.Consent = SiteInfo{}, Consent{}
	if s := c.ConsentServices(Embeds{})[0]; s.Cookies[0].Days != DefaultCookieDays {
		t.Errorf("cookie days without configuration = %d", s.Cookies[0].Days)
	}
	if got := ids(c.ConsentServices(Embeds{})); !slices.Equal(got, []string{ServiceSite}) {
		t.Errorf("without ids = %v", got)
	}
}

// A video link anywhere in the configuration lists its player, in social.
func TestConsentServicesVideos(t *testing.T) {
	c := loadDemo(t)
	c.Banner.Type = BannerVideo
	c.Banner.Video.URL = "https://youtu.be/dQw4w9WgXcQ"
	c.Popup.Media.URL = "https://vimeo.com/76979871"
	got := c.ConsentServices(Embeds{})
	var videos []string
	for _, s := range got {
		if s.ID == ServiceYouTube || s.ID == ServiceVimeo || s.ID == ServiceFacebookVideo {
			videos = append(videos, s.ID)
			if s.Category != Social {
				t.Errorf("%s in %s", s.ID, s.Category)
			}
		}
	}
	if !slices.Equal(videos, []string{ServiceYouTube, ServiceVimeo}) {
		t.Errorf("videos = %v", videos)
	}
}
