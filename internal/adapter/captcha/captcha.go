// Package captcha is a third-party captcha chosen by configuration, in
// place of our own ALTCHA: the providers' table (their script, the field
// their widget posts its token in, their verify address, the class of the
// element their script renders into, the hosts the CSP must allow) and the
// server-side check of a token against the provider's documented siteverify
// endpoint. The HTTP client is injected (tests use an httptest.Server); no
// SQL here.
package captcha

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"immo/internal/domain/field"
)

// Provider is one captcha service's public facts.
type Provider struct {
	Name string
	// Script is the widget's script, loaded with explicit rendering: the
	// page's bundle renders each widget into its element itself.
	Script string
	// TokenField is the form field the widget fills with its token.
	TokenField string
	// VerifyURL is the provider's siteverify endpoint (POST, form-encoded
	// secret, response, remoteip; JSON answer with "success").
	VerifyURL string
	// Class is the widget element's class (the providers' convention).
	Class string
	// ScriptHosts, FrameHosts, ConnectHosts and StyleHosts are the CSP
	// sources the widget needs (the providers' documented lists).
	ScriptHosts, FrameHosts, ConnectHosts, StyleHosts []string
}

// Providers are the supported services, by their configuration name.
var Providers = map[string]Provider{
	"turnstile": {
		Name:         "turnstile",
		Script:       "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
		TokenField:   "cf-turnstile-response",
		VerifyURL:    "https://challenges.cloudflare.com/turnstile/v0/siteverify",
		Class:        "cf-turnstile",
		ScriptHosts:  []string{"https://challenges.cloudflare.com"},
		FrameHosts:   []string{"https://challenges.cloudflare.com"},
		ConnectHosts: []string{"https://challenges.cloudflare.com"},
	},
	"hcaptcha": {
		Name:         "hcaptcha",
		Script:       "https://js.hcaptcha.com/1/api.js?render=explicit",
		TokenField:   "h-captcha-response",
		VerifyURL:    "https://api.hcaptcha.com/siteverify",
		Class:        "h-captcha",
		ScriptHosts:  []string{"https://hcaptcha.com", "https://*.hcaptcha.com"},
		FrameHosts:   []string{"https://hcaptcha.com", "https://*.hcaptcha.com"},
		ConnectHosts: []string{"https://hcaptcha.com", "https://*.hcaptcha.com"},
		StyleHosts:   []string{"https://hcaptcha.com", "https://*.hcaptcha.com"},
	},
	"recaptcha": { // v2, the checkbox
		Name:         "recaptcha",
		Script:       "https://www.google.com/recaptcha/api.js?render=explicit",
		TokenField:   "g-recaptcha-response",
		VerifyURL:    "https://www.google.com/recaptcha/api/siteverify",
		Class:        "g-recaptcha",
		ScriptHosts:  []string{"https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"},
		FrameHosts:   []string{"https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"},
		ConnectHosts: []string{"https://www.google.com/recaptcha/"},
	},
}

// Names are the providers' names, sorted (for messages).
func Names() []string {
	names := make([]string, 0, len(Providers))
	for n := range Providers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Bounds of one verification: the provider answers in well under a second
// and with a few hundred bytes.
const (
	DefaultTimeout = 5 * time.Second
	MaxResponse    = 64 << 10
	// MaxToken bounds the posted token: the providers' are 2 KB at most.
	MaxToken = 8 << 10
)

// ErrorField is the key a refusal goes under: the form's own ("form", the
// hidden field naming it), shown in the form's summary, since the widget
// is no field the visitor fills.
const ErrorField = "form"

// Checker verifies the posted tokens of one provider with its secret.
type Checker struct {
	Provider Provider
	Secret   string
	// Client posts to the provider; nil: a client with Timeout.
	Client *http.Client
	// Timeout bounds one verification (DefaultTimeout when 0).
	Timeout time.Duration
	// verifyURL replaces Provider.VerifyURL (tests only).
	verifyURL string
}

// New is the checker of the named provider; an unknown name or an empty
// secret is an error.
func New(provider, secret string) (*Checker, error) {
	p, ok := Providers[provider]
	if !ok {
		return nil, fmt.Errorf("captcha: unknown provider %q (one of %s)", provider, strings.Join(Names(), ", "))
	}
	if strings.TrimSpace(secret) == "" {
		return nil, fmt.Errorf("captcha: provider %s configured without its secret (IMMO_CAPTCHA_SECRET)", provider)
	}
	return &Checker{Provider: p, Secret: secret}, nil
}

// ErrRefused is a token the provider did not accept (or none posted).
var ErrRefused = errors.New("captcha: token refused")

// verifyAnswer is the part of the providers' JSON answer we read.
type verifyAnswer struct {
	Success    bool     `json:"success"`
	ErrorCodes []string `json:"error-codes"`
}

// Verify asks the provider about token, posted from remoteIP: nil when it
// answers success: true, ErrRefused (wrapped) when it does not or there is
// no token, another error when the provider could not be asked or its
// answer not read (our failure, not the visitor's).
func (c *Checker) Verify(ctx context.Context, token, remoteIP string) error {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > MaxToken {
		return ErrRefused
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	form := url.Values{"secret": {c.Secret}, "response": {token}}
	if remoteIP != "" {
		form.Set("remoteip", remoteIP)
	}
	target := c.Provider.VerifyURL
	if c.verifyURL != "" {
		target = c.verifyURL
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("captcha: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	client := c.Client
	if client == nil {
		client = &http.Client{Timeout: timeout}
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("captcha: %s siteverify: %w", c.Provider.Name, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("captcha: %s siteverify answered %s", c.Provider.Name, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponse+1))
	if err != nil {
		return fmt.Errorf("captcha: %s siteverify: %w", c.Provider.Name, err)
	}
	if len(body) > MaxResponse {
		return fmt.Errorf("captcha: %s siteverify answered over %d bytes", c.Provider.Name, MaxResponse)
	}
	var a verifyAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return fmt.Errorf("captcha: %s siteverify answer: %w", c.Provider.Name, err)
	}
	if !a.Success {
		return fmt.Errorf("%w (%s)", ErrRefused, strings.Join(a.ErrorCodes, ", "))
	}
	return nil
}

type remoteIPKey struct{}

// WithRemoteIP hands Check the sender's address (web.LeadForms sets it):
// the providers weigh it in their answer.
func WithRemoteIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, remoteIPKey{}, ip)
}

// Check is Verify for a form: field.KeyCaptcha under ErrorField when the
// token is missing or refused, an error when the provider could not be
// asked. The sender's address comes from ctx (WithRemoteIP), when set.
func (c *Checker) Check(ctx context.Context, values url.Values) (field.Errors, error) {
	ip, _ := ctx.Value(remoteIPKey{}).(string)
	err := c.Verify(ctx, values.Get(c.Provider.TokenField), ip)
	switch {
	case err == nil:
		return nil, nil
	case errors.Is(err, ErrRefused):
		return field.Errors{ErrorField: field.KeyCaptcha}, nil
	default:
		return nil, err
	}
}
