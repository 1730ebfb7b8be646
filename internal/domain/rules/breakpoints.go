package rules

import "fmt"

// Device classes by window width (SPEC §4, §9). The specification gives two
// readings that disagree by a pixel and on where desktop starts; the site
// uses each in one place only (docs/ARCHITECTURE.md, "Device classes"):
//
//   - the page shell's, for every layout (CSS @media) and for the device
//     setting (isMobile, isTablet, isDesktop, topBarShow): mobile below 767,
//     tablet 767 to 1279, desktop from 1280;
//   - the helper's, only to choose picture widths (the sizes attribute of
//     web/src/lib/images.ts): mobile up to 767, tablet 768 to 960, desktop
//     above 960.
//
// These constants are the one source: TestGeneratedBreakpoints writes them to
// web/src/gen/breakpoints.ts and TestCSSMediaWidths fails on a CSS @media
// width in web/src that is not the shell's.
const (
	// ShellTablet is the first tablet width of the page shell (mobile below).
	ShellTablet = 767
	// ShellDesktop is the first desktop width of the page shell.
	ShellDesktop = 1280
	// HelperMobileMax is the last mobile width of the helper's reading.
	HelperMobileMax = 767
	// HelperTabletMax is the last tablet width of the helper's reading (desktop above).
	HelperTabletMax = 960
)

// ShellMediaWidths are the only widths a CSS @media query may name: each
// shell breakpoint as a min-width, and the width just below it as a
// max-width (766.98px: the .02 keeps fractional zoom widths out of both).
var ShellMediaWidths = func() (out []string) {
	for _, w := range []int{ShellTablet, ShellDesktop} {
		out = append(out, fmt.Sprintf("min-width: %dpx", w), fmt.Sprintf("max-width: %.2fpx", float64(w)-0.02))
	}
	return out
}()
