package route

import (
	"math"
	"strconv"

	"immo/internal/adapter/pictures"
	"immo/internal/domain/catalog"
	"immo/internal/domain/i18n"
	"immo/internal/domain/rules"
)

// ShareWidth is the width of a listing's picture on its sharing cards
// (Open Graph, Twitter): Facebook's and LinkedIn's recommended 1200 px.
// The picture server answers the stored variant at or above it (1360 px,
// or the original when narrower): ShareImage says which.
const ShareWidth = 1200

// shareImage is pic as the sharing cards show it: ShareWidth wide, as a
// JPEG (every crawler reads it), absolute, with the size the picture
// server will answer when the picture's own size is known (0, 0 when not).
// A picture the server does not resize (a PNG) is its own address.
func (r *Resolver) shareImage(pic catalog.Picture) (url string, width, height int) {
	if !pictures.Variable(pic.Url) {
		return r.Absolute(pic.Url), pic.Width, pic.Height
	}
	url = r.Absolute(pic.Url) + "?width=" + strconv.Itoa(ShareWidth) + "&height=auto"
	if pic.Width > 0 && pic.Height > 0 {
		width = min(pictures.Pick(ShareWidth), pic.Width)
		height = pictures.HeightFor(width, pic.Width, pic.Height)
	}
	return url, width, height
}

// sharePrice is the listing's price as its page shows it, in lang: "€
// 350.000", "From € 250.000", "€ 950 / month", or "Price on request".
func sharePrice(p *catalog.PublicProperty, lang string) string {
	if !p.PublishPrice || p.Price <= 0 || math.IsNaN(p.Price) {
		return i18n.T(lang, "rules.price.onRequest")
	}
	s := rules.Euros(int64(math.Round(p.Price)))
	if p.PriceUnit == catalog.PriceUnitFrom {
		s = i18n.T(lang, "rules.price.from") + " " + s
	}
	if !p.IsSale() {
		s += " " + i18n.T(lang, "rules.price.perMonth")
	}
	return s
}
