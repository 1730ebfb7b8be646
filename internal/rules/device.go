package rules

// Device is a screen class.
type Device string

const (
	DeviceMobile  Device = "mobile"
	DeviceTablet  Device = "tablet"
	DeviceDesktop Device = "desktop"
)

// DeviceClass classes a window width with the helper breakpoints of SPEC §9:
// desktop above 960, tablet 768 to 960, mobile 767 or less. (The page shell
// uses other breakpoints, 767 and 1280; this is not that reading.)
func DeviceClass(width int) Device {
	switch {
	case width > 960:
		return DeviceDesktop
	case width >= 768:
		return DeviceTablet
	}
	return DeviceMobile
}
