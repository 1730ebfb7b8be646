package site

import "encoding/json"

// Walk visits every object and every text of the configuration as its
// JSON holds them, whatever the field: object with each object, text with
// each string (either may be nil). What the configuration embeds — a
// picture's, a video's address — is found this way wherever an agency
// typed it.
func (c *Config) Walk(object func(map[string]any), text func(string)) {
	b, err := json.Marshal(c)
	if err != nil {
		return
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if object != nil {
				object(v)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case string:
			if text != nil {
				text(v)
			}
		}
	}
	walk(v)
}
