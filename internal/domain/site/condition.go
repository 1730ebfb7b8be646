package site

// DisplayCondition decides whether an item (a module, a menu item, a top
// bar item, a footer column) shows (SPEC §3, §5). The simple form compares
// Field by Logic with another field (CompareWithField) or a value
// (CompareWithValue); AdvancedCondition is an expression over the same
// comparisons joined by and, or, not and parentheses, e.g.
//
//	language in "fr,nl" and not (count.sale less 3 or page.path startsWith "/jobs")
//
// When both are set, both must hold. A condition that fails, or errs when
// evaluated, hides its item. Conditions are checked at load (Check): an
// unknown field or operator, or an expression that does not parse, is a
// configuration error.
type DisplayCondition struct {
	Field             string `json:"field"`
	Logic             string `json:"logic"`
	AdvancedCondition string `json:"advancedCondition"`
	CompareWithField  string `json:"compareWithField"`
	CompareWithValue  string `json:"compareWithValue"`
}

// DeviceSetting is the shared device state: which device class the window
// is, whether the top bar shows, and the current language.
type DeviceSetting struct {
	IsMobile   bool   `json:"isMobile"`
	IsTablet   bool   `json:"isTablet"`
	IsDesktop  bool   `json:"isDesktop"`
	TopBarShow bool   `json:"topBarShow"`
	Language   string `json:"language"`
}

// Media types of a module background (SPEC §3); MediaNone may also be "".
const (
	MediaImage   = "image"
	MediaColor   = "color"
	MediaGallery = "gallery"
	MediaNone    = "none"
)

// MediaTypes lists the background types, the empty one included.
var MediaTypes = []string{MediaImage, MediaColor, MediaGallery, MediaNone, ""}
