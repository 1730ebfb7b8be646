package rules

import (
	"net/url"
	"path"
	"regexp"
	"strings"
)

// Video kinds.
const (
	VideoFile     = "file"
	VideoYouTube  = "youtube"
	VideoVimeo    = "vimeo"
	VideoFacebook = "facebook"
	VideoTVL      = "tvl"
)

// Video is a recognised video link. Embed is the address for an iframe
// (empty for a file, played by a <video> tag from URL, and for TV Lux);
// MimeType is set for files only.
type Video struct {
	Kind     string
	ID       string
	URL      string
	Embed    string
	MimeType string
}

var videoMimeTypes = map[string]string{
	".mp4":  "video/mp4",
	".mov":  "video/quicktime",
	".wmv":  "video/x-ms-wmv",
	".avi":  "video/x-msvideo",
	".flv":  "video/x-flv",
	".webm": "video/webm",
}

var (
	youTubeID = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)
	digits    = regexp.MustCompile(`^[0-9]+$`)
)

// VideoOf recognises a video link (SPEC §5): a file by its extension,
// YouTube (watch, shorts, embed, live, youtu.be) with an 11-character id,
// Vimeo with a numeric id, a Facebook video or fb.watch link, or a host under
// tvl.be. A link without scheme ("youtu.be/…") is read as https; a file may
// also be a site path ("/media/banner.mp4"). (Named VideoOf because the type
// is Video.)
func VideoOf(raw string) (Video, bool) {
	raw = strings.TrimSpace(raw)
	u, ok := parseLink(raw)
	if !ok {
		return Video{}, false
	}
	v := Video{URL: raw}
	if mime, ok := videoMimeTypes[strings.ToLower(path.Ext(u.Path))]; ok {
		v.Kind, v.MimeType = VideoFile, mime
		return v, true
	}
	host := videoHostOf(u)
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	switch {
	case isYouTube(host):
		if id := youTubeIDOf(host, segs, u.Query()); youTubeID.MatchString(id) {
			v.Kind, v.ID = VideoYouTube, id
			v.Embed = "https://www.youtube-nocookie.com/embed/" + id
			return v, true
		}
	case underHost(host, "vimeo.com"):
		for _, s := range segs {
			if digits.MatchString(s) {
				v.Kind, v.ID = VideoVimeo, s
				v.Embed = "https://player.vimeo.com/video/" + s
				return v, true
			}
		}
	case isFacebook(host):
		if id := facebookIDOf(host, segs, u.Query()); id != "" {
			v.Kind, v.ID = VideoFacebook, id
			v.Embed = "https://www.facebook.com/plugins/video.php?href=" + url.QueryEscape(raw)
			return v, true
		}
	case underHost(host, "tvl.be"):
		v.Kind = VideoTVL
		return v, true
	}
	return Video{}, false
}

// IsVideoHost tells whether raw is on a video site VideoOf knows (YouTube,
// Vimeo, Facebook, TV Lux), whether or not it names a video there (a
// channel page, a playlist).
func IsVideoHost(raw string) bool {
	u, ok := parseLink(raw)
	if !ok || u.Host == "" {
		return false
	}
	host := videoHostOf(u)
	return isYouTube(host) || underHost(host, "vimeo.com") || isFacebook(host) || underHost(host, "tvl.be")
}

func videoHostOf(u *url.URL) string { return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.") }

func isYouTube(host string) bool {
	return host == "youtu.be" || underHost(host, "youtube.com") || underHost(host, "youtube-nocookie.com")
}

func isFacebook(host string) bool { return underHost(host, "facebook.com") || host == "fb.watch" }

// parseLink accepts http(s) links, scheme-less links and site paths.
func parseLink(raw string) (*url.URL, bool) {
	if !strings.Contains(raw, "://") && !strings.HasPrefix(raw, "/") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, false
	}
	switch strings.ToLower(u.Scheme) {
	case "", "http", "https":
		return u, true
	}
	return nil, false
}

// underHost tells whether host is domain or one of its subdomains; a bare
// suffix match would also accept "notvl.be".
func underHost(host, domain string) bool {
	return host == domain || strings.HasSuffix(host, "."+domain)
}

func youTubeIDOf(host string, segs []string, q url.Values) string {
	if host == "youtu.be" {
		if len(segs) > 0 {
			return segs[0]
		}
		return ""
	}
	if len(segs) == 1 && segs[0] == "watch" {
		return q.Get("v")
	}
	if len(segs) >= 2 {
		switch segs[0] {
		case "shorts", "embed", "live", "v":
			return segs[1]
		}
	}
	return ""
}

// facebookIDOf reads fb.watch/{id}, /{page}/videos/[…/]{id} and
// /watch[/]?v={id}.
func facebookIDOf(host string, segs []string, q url.Values) string {
	if host == "fb.watch" {
		if len(segs) > 0 {
			return segs[0]
		}
		return ""
	}
	for i, s := range segs {
		if s == "videos" && i+1 < len(segs) {
			return segs[len(segs)-1]
		}
	}
	if len(segs) == 1 && segs[0] == "watch" {
		return q.Get("v")
	}
	return ""
}
