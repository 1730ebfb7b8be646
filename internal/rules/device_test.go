package rules

import "testing"

func TestDeviceClass(t *testing.T) {
	tests := []struct {
		width int
		want  Device
	}{
		{0, DeviceMobile},
		{-1, DeviceMobile},
		{320, DeviceMobile},
		{767, DeviceMobile},
		{768, DeviceTablet},
		{960, DeviceTablet},
		{961, DeviceDesktop},
		{1280, DeviceDesktop},
		{1920, DeviceDesktop},
	}
	for _, tt := range tests {
		if got := DeviceClass(tt.width); got != tt.want {
			t.Errorf("DeviceClass(%d) = %q, want %q", tt.width, got, tt.want)
		}
	}
}
