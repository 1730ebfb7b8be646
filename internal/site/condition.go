package site

// DisplayCondition decides whether an item shows: Field compared by Logic
// with another field (CompareWithField) or a value (CompareWithValue).
// AdvancedCondition holds an expression for cases the rest cannot say. A
// failed or erroring condition hides the item (SPEC §5).
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
