package web

import (
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"

	"immo/internal/adapter/pictures"
	"immo/internal/domain/catalog"
	"immo/internal/domain/rules"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/route"
)

// The LCP picture's preload: the head names the page's largest picture
// above the fold, so the browser's preload scanner fetches it before the
// stylesheet and the scripts are read. Its address must be, byte for byte,
// the one the React markup makes the browser pick, else the picture is
// fetched twice: the uses below are web/src/lib/images.ts's USES and
// BannerPicture's sources (the e2e test lcp-preload checks they agree in
// Chromium). The WebP variant is preloaded (type="image/webp": a browser
// without WebP skips the link and takes the <picture>'s JPEG).

// imagePreload is one <link rel="preload" as="image">: a srcset with its
// sizes, or one address for a media query.
type imagePreload struct {
	Href   string // one address (Media says where), without SrcSet
	SrcSet string
	Sizes  string
	Media  string
}

// preloadLinks writes each preload as its link element. They are written
// here, not by html/template, which reads imagesrcset as one URL (its name
// holds "src") and would percent-encode the spaces and commas between the
// candidates into one address.
func preloadLinks(ps []imagePreload) []template.HTML {
	out := make([]template.HTML, len(ps))
	for i, p := range ps {
		var b strings.Builder
		b.WriteString(`<link rel="preload" as="image"`)
		attr := func(name, value string) {
			if value != "" {
				b.WriteString(" " + name + `="` + html.EscapeString(value) + `"`)
			}
		}
		attr("href", p.Href)
		attr("imagesrcset", p.SrcSet)
		attr("imagesizes", p.Sizes)
		attr("media", p.Media)
		b.WriteString(` type="image/webp" fetchpriority="high">`)
		out[i] = template.HTML(b.String())
	}
	return out
}

// pictureUse is a place a picture is shown: its srcset widths and sizes,
// as lib/images.ts's USES has them.
type pictureUse struct {
	widths []int
	sizes  string
}

var (
	// detailUse is the property gallery's picture.
	detailUse = pictureUse{widths: []int{600, 800, 1360, 1920},
		sizes: fmt.Sprintf("(min-width: %dpx) 1152px, 100vw", rules.ShellDesktop)}
	// projectUse is a project page's first photo (ProjectPage.tsx).
	projectUse = pictureUse{widths: []int{600, 800, 1360, 1920}, sizes: "(min-width: 1024px) 60vw, 100vw"}
	// cardUse is a list card's picture.
	cardUse = pictureUse{widths: []int{400, 600},
		sizes: fmt.Sprintf("(min-width: %dpx) 280px, (min-width: %dpx) 45vw, 100vw", rules.ShellDesktop, rules.ShellTablet)}
)

// The home banner's picture is 600 px wide on phones and 1920 elsewhere
// (SPEC §9; BannerPicture's <source media>).
const (
	bannerMobile  = 600
	bannerDesktop = 1920
)

// webpURL is url at width as lib/images.ts's sized(url, width, 'webp')
// writes it; a picture the server does not resize is its own address.
func webpURL(url string, width int) string {
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "width=" + strconv.Itoa(width) + "&height=auto&format=webp"
}

// srcSet is lib/images.ts's srcSet(url, widths) (WebP).
func (u pictureUse) srcSet(url string) string {
	parts := make([]string, len(u.widths))
	for i, w := range u.widths {
		parts[i] = webpURL(url, w) + " " + strconv.Itoa(w) + "w"
	}
	return strings.Join(parts, ", ")
}

// preload is url shown as u, on screens matching media ("": all), its
// address versioned as the page's is.
func (u pictureUse) preload(url, media string, version respond.PictureVersions) []imagePreload {
	if url == "" || !pictures.Variable(url) {
		return nil // a PNG or an empty address: no srcset to match
	}
	return []imagePreload{{SrcSet: u.srcSet(version.Of(url)), Sizes: u.sizes, Media: media}}
}

// lcpPreloads are the preloads of the page's LCP picture, by page kind,
// as Chromium shows the demo at 375 and 1366 px (docs/ARCHITECTURE.md
// "Search engines, sharing and the LCP picture"): the home banner's first
// picture, the property gallery's and the project's first picture, and a
// list's first card picture from the tablet width up — on a phone the
// filter form fills the first screen and the cards start below the fold,
// so preloading one would only delay the rest. Other pages (contact,
// content, forms) have text as their largest element: none.
func lcpPreloads(res route.Result, version respond.PictureVersions) []imagePreload {
	if res.Status != 200 {
		return nil
	}
	switch p := res.Props.(type) {
	case *route.HomeProps:
		return bannerPreload(bannerPicture(p.Banner), version)
	case *route.PropertyProps:
		if p.Property == nil {
			return nil
		}
		return detailUse.preload(firstPicture(p.Property.Pictures, p.Property.XLargePictureItem), "", version)
	case *route.ProjectProps:
		return projectUse.preload(firstPicture(p.Project.Pictures, p.Project.XLargePictureItem), "", version)
	case *route.ListProps:
		if p.Mode != "list" || len(p.Items) == 0 {
			return nil
		}
		return cardUse.preload(p.Items[0].SmallPictureItem.Url, fmt.Sprintf("(min-width: %dpx)", rules.ShellTablet), version)
	}
	return nil
}

// bannerPreload is BannerPicture's two WebP sources, each for its media.
func bannerPreload(url string, version respond.PictureVersions) []imagePreload {
	if url == "" || !pictures.Variable(url) {
		return nil
	}
	url = version.Of(url)
	return []imagePreload{
		{Href: webpURL(url, bannerMobile), Media: fmt.Sprintf("(max-width: %dpx)", rules.HelperMobileMax)},
		{Href: webpURL(url, bannerDesktop), Media: fmt.Sprintf("(min-width: %dpx)", rules.HelperMobileMax+1)},
	}
}

// bannerPicture is the first picture the home banner shows, as
// web/src/features/home/model/banner.ts resolveBanner and Banner.tsx pick
// it: a slideshow's first slide, else the banner's image. A video banner
// shows a video or its embed's poster: no picture is preloaded for it.
func bannerPicture(b route.BannerView) string {
	image := b.Image
	if image == "" {
		for _, i := range b.Images {
			if i != "" {
				image = i
				break
			}
		}
	}
	large := func(x, small catalog.Picture) string {
		if x.Url != "" {
			return x.Url
		}
		return small.Url
	}
	switch b.Type {
	case "gallery":
		for _, i := range b.Images {
			if i != "" {
				return i
			}
		}
	case "video":
		if b.Video != "" {
			return ""
		}
	case "properties":
		if len(b.Properties) > 0 {
			c := b.Properties[0]
			return large(c.XLargePictureItem, c.SmallPictureItem)
		}
	case "projects":
		if len(b.Projects) > 0 {
			c := b.Projects[0]
			return large(c.XLargePictureItem, c.SmallPictureItem)
		}
	}
	return image
}

// firstPicture is a gallery's first picture: the listing's pictures, else
// its large one (property sections.ts picturesOf, ProjectPage's
// projectPhotos).
func firstPicture(pics []catalog.Picture, large catalog.Picture) string {
	for _, pic := range pics {
		if pic.Url != "" {
			return pic.Url
		}
	}
	return large.Url
}
