package rules

import "testing"

func TestVideoOf(t *testing.T) {
	const ytEmbed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
	tests := []struct {
		in    string
		ok    bool
		kind  string
		id    string
		embed string
		mime  string
	}{
		// Files, by extension, whatever the host.
		{"https://cdn.example.com/banner.mp4", true, VideoFile, "", "", "video/mp4"},
		{"https://cdn.example.com/a.MOV", true, VideoFile, "", "", "video/quicktime"},
		{"http://x.be/a.wmv", true, VideoFile, "", "", "video/x-ms-wmv"},
		{"http://x.be/a.avi", true, VideoFile, "", "", "video/x-msvideo"},
		{"http://x.be/a.flv", true, VideoFile, "", "", "video/x-flv"},
		{"http://x.be/a.webm?token=1#t=3", true, VideoFile, "", "", "video/webm"},
		{"/media/banner.mp4", true, VideoFile, "", "", "video/mp4"},
		{"https://x.be/a.mkv", false, "", "", "", ""},
		{"https://x.be/mp4", false, "", "", "", ""},

		// YouTube.
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://m.youtube.com/watch?v=dQw4w9WgXcQ", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://www.youtube.com/shorts/dQw4w9WgXcQ", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://www.youtube.com/embed/dQw4w9WgXcQ", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://www.youtube.com/live/dQw4w9WgXcQ", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://youtu.be/dQw4w9WgXcQ", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"youtu.be/dQw4w9WgXcQ?si=abc", true, VideoYouTube, "dQw4w9WgXcQ", ytEmbed, ""},
		{"https://youtu.be/a-b_c1234Z9", true, VideoYouTube, "a-b_c1234Z9", "https://www.youtube-nocookie.com/embed/a-b_c1234Z9", ""},
		{"https://www.youtube.com/watch?v=short", false, "", "", "", ""},        // 5 characters
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQQ", false, "", "", "", ""}, // 12 characters
		{"https://youtu.be/dQw4w9WgXc!", false, "", "", "", ""},
		{"https://www.youtube.com/channel/UCabc", false, "", "", "", ""},
		{"https://notyoutube.com/watch?v=dQw4w9WgXcQ", false, "", "", "", ""},

		// Vimeo.
		{"https://vimeo.com/76979871", true, VideoVimeo, "76979871", "https://player.vimeo.com/video/76979871", ""},
		{"https://player.vimeo.com/video/76979871?h=abc", true, VideoVimeo, "76979871", "https://player.vimeo.com/video/76979871", ""},
		{"https://vimeo.com/channels/staffpicks/76979871", true, VideoVimeo, "76979871", "https://player.vimeo.com/video/76979871", ""},
		{"https://vimeo.com/about", false, "", "", "", ""},

		// Facebook.
		{"https://www.facebook.com/agency/videos/1234567890/", true, VideoFacebook, "1234567890",
			"https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fagency%2Fvideos%2F1234567890%2F", ""},
		{"https://m.facebook.com/agency/videos/vb.1/987/", true, VideoFacebook, "987",
			"https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fm.facebook.com%2Fagency%2Fvideos%2Fvb.1%2F987%2F", ""},
		{"https://www.facebook.com/watch/?v=555", true, VideoFacebook, "555",
			"https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D555", ""},
		{"https://fb.watch/abcDEF12/", true, VideoFacebook, "abcDEF12",
			"https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Ffb.watch%2FabcDEF12%2F", ""},
		{"https://www.facebook.com/agency", false, "", "", "", ""},
		{"https://www.facebook.com/watch/", false, "", "", "", ""},
		{"https://fb.watch/", false, "", "", "", ""},

		// TV Lux.
		{"https://www.tvl.be/emission/immo", true, VideoTVL, "", "", ""},
		{"https://tvl.be/x", true, VideoTVL, "", "", ""},
		{"https://player.tvl.be/x", true, VideoTVL, "", "", ""},
		{"https://notvl.be/x", false, "", "", "", ""},
		{"https://tvl.be.evil.com/x", false, "", "", "", ""},

		// Not videos.
		{"", false, "", "", "", ""},
		{"   ", false, "", "", "", ""},
		{"https://example.com/page", false, "", "", "", ""},
		{"ftp://youtu.be/dQw4w9WgXcQ", false, "", "", "", ""},
		{"javascript:alert(1)", false, "", "", "", ""},
	}
	for _, tt := range tests {
		got, ok := VideoOf(tt.in)
		if ok != tt.ok {
			t.Errorf("VideoOf(%q) ok = %v, want %v (%+v)", tt.in, ok, tt.ok, got)
			continue
		}
		if !ok {
			if got != (Video{}) {
				t.Errorf("VideoOf(%q) = %+v, want zero Video", tt.in, got)
			}
			continue
		}
		want := Video{Kind: tt.kind, ID: tt.id, URL: tt.in, Embed: tt.embed, MimeType: tt.mime}
		if got != want {
			t.Errorf("VideoOf(%q)\n got %+v\nwant %+v", tt.in, got, want)
		}
	}
}

func TestIsVideoHost(t *testing.T) {
	for raw, want := range map[string]bool{
		"https://www.youtube.com/@immoarlon":    true, // a channel: a video site, no video
		"https://youtu.be/dQw4w9WgXcQ":          true,
		"https://vimeo.com/channels/staffpicks": true,
		"https://m.facebook.com/immoarlon":      true,
		"https://fb.watch/abc/":                 true,
		"https://www.tvl.be/":                   true,
		"https://notyoutube.com/watch?v=x":      false,
		"https://cdn.example.com/promo.jpg":     false,
		"/pictures/demo/banner.jpg":             false,
		"javascript:alert(1)":                   false,
	} {
		if got := IsVideoHost(raw); got != want {
			t.Errorf("IsVideoHost(%q) = %v, want %v", raw, got, want)
		}
	}
}
