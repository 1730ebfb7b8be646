package app

import (
	"log/slog"
	"strings"
	"testing"

	"immo/internal/domain/site"
)

// A provider without its secret stops the start; none configured is ALTCHA.
func TestNewCaptcha(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	cfg := &site.Config{Captcha: &site.Captcha{Provider: "hcaptcha", SiteKey: "10000000-ffff-ffff-ffff-000000000001"}}
	if _, err := NewCaptcha(cfg, "", log); err == nil || !strings.Contains(err.Error(), "IMMO_CAPTCHA_SECRET") {
		t.Errorf("no secret: %v", err)
	}
	if c, err := NewCaptcha(&site.Config{}, "ignored", log); c != nil || err != nil {
		t.Errorf("no provider: %v %v", c, err)
	}
}
