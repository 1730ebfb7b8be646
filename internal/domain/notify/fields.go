package notify

import (
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/field"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/rules"
)

// money names the number fields that are amounts in euro.
var money = map[string]bool{"amount": true, "income1": true, "income2": true, "priceMin": true, "priceMax": true}

// sent lists what the visitor sent, labelled in lang: the person, the
// kind's own fields in its Spec's order, the remark. Empty fields are left
// out.
func (c *Composer) sent(r lead.Request, lang string) []row {
	var rows []row
	add := func(name, value string) {
		if strings.TrimSpace(value) != "" {
			rows = append(rows, row{Label: label(lang, name), Value: value})
		}
	}
	p := r.Person
	add(lead.FieldTitle, option(lang, lead.FieldTitle, p.Title))
	add(lead.FieldFirstName, p.FirstName)
	add(lead.FieldLastName, p.LastName)
	add(lead.FieldEmail, p.Email)
	add(lead.FieldPhone, rules.FormatPhone(p.Phone))
	for _, f := range lead.Specs[r.Kind].Fields {
		if !f.Kept() {
			continue // for the request's own mails only; a password for none
		}
		if f.Type == lead.Upload {
			if file := r.File(f.Name); file != nil {
				add(f.Name, file.Name+" ("+fileSize(len(file.Data), lang)+")")
			}
			continue
		}
		add(f.Name, c.fieldWords(r, f, lang))
	}
	add(lead.FieldRemark, r.Remark)
	return rows
}

// FieldWords is r's own field name (of its kind's, not an upload) as the
// agency reads it in lang: an option's label, a list's items, a slot's
// day and time, a document's name; "" for none or an unknown field.
func (c *Composer) FieldWords(r lead.Request, name, lang string) string {
	for _, f := range lead.Specs[r.Kind].Fields {
		if f.Name == name && f.Type != lead.Upload {
			return c.fieldWords(r, f, lang)
		}
	}
	return ""
}

func (c *Composer) fieldWords(r lead.Request, f lead.Field, lang string) string {
	v := c.value(f, r.Fields[f.Name], lang)
	if f.Name == "contactTime" {
		// The hours as the visitor chose them: the Dutch page offers the
		// afternoon from 13:00 (SPEC §9), the others from 14:00.
		v = c.value(f, r.Fields[f.Name], r.Lang)
	}
	if f.Name == "document" && c.cfg.Listings != nil {
		if name, ok := c.cfg.Listings.DocumentName(r.PropertyID, strings.TrimSpace(v), lang); ok {
			v = name
		}
	}
	return v
}

// value is one of a kind's own fields as a reader expects it in lang.
func (c *Composer) value(f lead.Field, v, lang string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	switch f.Type {
	case lead.Choice:
		return option(lang, f.Name, v)
	case lead.List:
		items := lead.Items(v)
		for i, it := range items {
			items[i] = option(lang, f.Name, it)
			if c.cfg.Listings != nil && len(f.Options) == 0 {
				if s, ok := c.cfg.Listings.ListLabel(f.Name, it, lang); ok {
					items[i] = s
				}
			}
		}
		return strings.Join(items, ", ")
	case lead.Slot:
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			return c.inSentence(t, lang) // "mardi 24 novembre": French and Dutch weekdays take no capital
		}
	case lead.Date:
		if d, err := time.Parse(time.DateOnly, v); err == nil {
			return d.Format(dateLayout(lang))
		}
	case lead.Number:
		if n, ok := field.Whole(v); ok && money[f.Name] { // "250.000" as typed: read as the form read it
			return euros(n)
		}
	}
	return v
}

func label(lang, name string) string { return i18n.T(lang, "mail.field."+name) }

// option is the label of a choice's value, or the value itself when it
// has none (an option the form does not offer, stored as typed).
func option(lang, name, value string) string {
	if value == "" {
		return ""
	}
	key := "mail.option." + name + "." + value
	if s, ok := i18n.Bundled()[lang][key]; ok {
		return s
	}
	return value
}

// dateTime writes t in the agency's zone: "Maandag 23/11/2026 om 10:30",
// "Montag, 23.11.2026 um 10:30".
func (c *Composer) dateTime(t time.Time, lang string) string {
	t = t.In(c.cfg.Zone)
	return i18n.Tf(lang, "mail.format.dateTime",
		"weekday", i18n.T(lang, "contact.day."+strings.ToLower(t.Weekday().String())),
		"date", t.Format(dateLayout(lang)), "time", t.Format("15:04"))
}

// dateLayout is how lang writes a date: 27/11/2026, German 27.11.2026.
func dateLayout(lang string) string {
	if lang == "de" {
		return "02.01.2006"
	}
	return "02/01/2006"
}

// fileSize writes a size in kB or MB, the decimal comma but in English:
// "120 kB", "1,4 MB".
func fileSize(n int, lang string) string {
	if n < 1000*1000 {
		return strconv.Itoa(max(1, (n+500)/1000)) + " kB"
	}
	s := strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64)
	if lang != "en" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s + " MB"
}

// files are the request's uploads as attachments: the agency's notice
// carries them (they are served from nowhere else).
func files(r lead.Request) []mail.Attachment {
	var out []mail.Attachment
	for _, f := range r.Files {
		out = append(out, mail.Attachment{Name: f.Name, ContentType: f.Type, Data: f.Data})
	}
	return out
}

// euros writes a whole amount the Belgian way: "€ 250.000".
func euros(n int64) string { return rules.Euros(n) }
