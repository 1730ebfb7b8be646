package catalog

import (
	_ "embed"
	"regexp"
	"strings"
)

// vocabularyText is the feed's fixed vocabularies in the four languages:
// data, not code, so a missing value is one line to add.
//
//go:embed vocabulary.txt
var vocabularyText string

// vocabLangs is the order of a vocabulary line's forms.
var vocabLangs = [...]string{"nl", "fr", "en", "de"}

// months are the month names {m} stands for, per language.
var months = map[string][12]string{
	"nl": {"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
	"fr": {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"de": {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
}

// vocabForm is one language's form of a vocabulary value: its template
// and the pattern that recognises it, with the placeholders in the order
// the pattern captures them.
type vocabForm struct {
	template string
	pattern  *regexp.Regexp
	holes    []string
}

// vocabEntry is one value in every language.
type vocabEntry map[string]vocabForm

var placeholder = regexp.MustCompile(`\{(?:1|2|m)\}`)

// token is what {1} and {2} match: a number or a capital letter, or several
// joined by hyphens (2027, 2027-2028, A).
const token = `((?:\d+|\p{Lu})(?:-(?:\d+|\p{Lu}))*)`

var vocabulary = parseVocabulary(vocabularyText)

func parseVocabulary(text string) []vocabEntry {
	var out []vocabEntry
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		forms := strings.Split(line, " | ")
		if len(forms) != len(vocabLangs) {
			panic("catalog: vocabulary line without its four forms: " + line)
		}
		e := vocabEntry{}
		for i, lang := range vocabLangs {
			e[lang] = compileForm(strings.TrimSpace(forms[i]), lang)
		}
		out = append(out, e)
	}
	return out
}

func compileForm(template, lang string) vocabForm {
	f := vocabForm{template: template}
	var re strings.Builder
	re.WriteString(`(?i)^\s*`)
	last := 0
	for _, m := range placeholder.FindAllStringIndex(template, -1) {
		re.WriteString(spaced(template[last:m[0]]))
		hole := template[m[0]:m[1]]
		if hole == "{m}" {
			names := months[lang]
			alts := make([]string, len(names))
			for i, n := range names {
				alts[i] = regexp.QuoteMeta(n)
			}
			re.WriteString(`(` + strings.Join(alts, "|") + `)`)
		} else {
			re.WriteString(token)
		}
		f.holes = append(f.holes, hole)
		last = m[1]
	}
	re.WriteString(spaced(template[last:]))
	re.WriteString(`\s*$`)
	f.pattern = regexp.MustCompile(re.String())
	return f
}

// spaced quotes literal text, any run of spaces matching any run of spaces.
func spaced(s string) string {
	parts := strings.Fields(s)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	out := strings.Join(parts, `\s+`)
	if strings.HasPrefix(s, " ") && out != "" {
		out = `\s+` + out
	} else if strings.HasPrefix(s, " ") {
		out = `\s+`
	}
	if strings.HasSuffix(s, " ") && strings.TrimSpace(s) != "" {
		out += `\s+`
	}
	return out
}

// render writes the form with the values the holes captured.
func (f vocabForm) render(lang string, values map[string]string) string {
	return placeholder.ReplaceAllStringFunc(f.template, func(hole string) string {
		v := values[hole]
		if hole == "{m}" {
			for i := range 12 {
				for _, l := range vocabLangs {
					if strings.EqualFold(months[l][i], v) {
						return months[lang][i]
					}
				}
			}
		}
		return v
	})
}

// Vocabulary returns s in lang when s is a form of one of the feed's
// fixed values (vocabulary.txt) in any language, and whether it is.
func Vocabulary(s, lang string) (string, bool) {
	if strings.TrimSpace(s) == "" {
		return "", false
	}
	if _, ok := months[lang]; !ok {
		return "", false
	}
	for _, e := range vocabulary {
		for _, from := range vocabLangs {
			f := e[from]
			m := f.pattern.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			values := map[string]string{}
			for i, hole := range f.holes {
				values[hole] = m[i+1]
			}
			return e[lang].render(lang, values), true
		}
	}
	return "", false
}

// Translated is t with its text in lang filled from the vocabulary when t
// has none in lang and one of its texts is a fixed value; otherwise t
// itself (free text: the view marks its fallback with lang). t is not
// changed.
func (t Text) Translated(lang string) Text {
	if t == nil || strings.TrimSpace(t[lang]) != "" {
		return t
	}
	for _, l := range []string{"fr", "en", "nl", "de"} {
		if v, ok := Vocabulary(t[l], lang); ok {
			out := make(Text, len(t)+1)
			for k, s := range t {
				out[k] = s
			}
			out[lang] = v
			return out
		}
	}
	return t
}

// In is the property with the feed's fixed values (features, availability,
// legal and flood texts, document and picture names) in lang. A picture
// name that is neither a fixed value nor in lang (the feed's Language) is
// dropped, so a picture's alt text is never half in another language. The
// stored property is not changed.
func (p PublicProperty) In(lang string) PublicProperty {
	p = p.withTexts(func(t Text) Text { return t.Translated(lang) })
	p.Pictures = picturesIn(p.Pictures, p.Language, lang)
	return p
}

// withTexts is p with f applied to the texts of its details and documents
// (Title and Description excepted): the nested parts it changes are copies,
// so the stored property is not changed.
func (p PublicProperty) withTexts(f func(Text) Text) PublicProperty {
	p.Availability = f(p.Availability)
	if d := p.Features; d != nil {
		c := *d
		for _, t := range []*Text{&c.Heating, &c.Kitchen, &c.WindowGlazing, &c.WindowFrame, &c.RoofMaterial, &c.RoofCondition, &c.FloorCovering} {
			*t = f(*t)
		}
		p.Features = &c
	}
	if l := p.Legal; l != nil {
		c := *l
		c.Permit, c.PlanningDesignation = f(c.Permit), f(c.PlanningDesignation)
		p.Legal = &c
	}
	if d := p.Flood; d != nil {
		c := *d
		c.ZoneName, c.RiskArea = f(c.ZoneName), f(c.RiskArea)
		p.Flood = &c
	}
	if a := p.Asbestos; a != nil {
		c := *a
		c.Type = f(c.Type)
		p.Asbestos = &c
	}
	p.Documents = documentsWith(p.Documents, f)
	return p
}

// In is the project with the feed's fixed values (delivery, building names
// and descriptions, the units' buildings, document and picture names) in lang; see
// PublicProperty.In. Its pictures' names are in French, the feed's language.
func (p PublicProject) In(lang string) PublicProject {
	translated := func(t Text) Text { return t.Translated(lang) }
	p.Delivery = translated(p.Delivery)
	p.Constructions = constructionsWith(p.Constructions, translated)
	if len(p.Units) > 0 {
		us := make([]Unit, len(p.Units))
		for i, u := range p.Units {
			if v, ok := Vocabulary(u.Construction, lang); ok {
				u.Construction = v
			}
			us[i] = u
		}
		p.Units = us
	}
	p.Documents = documentsWith(p.Documents, translated)
	p.Pictures = picturesIn(p.Pictures, "fr", lang)
	return p
}

func constructionsWith(cs []Construction, f func(Text) Text) []Construction {
	if len(cs) == 0 {
		return cs
	}
	out := make([]Construction, len(cs))
	for i, c := range cs {
		out[i] = Construction{Name: f(c.Name), Description: f(c.Description)}
	}
	return out
}

func documentsWith(docs []Document, f func(Text) Text) []Document {
	if len(docs) == 0 {
		return docs
	}
	out := make([]Document, len(docs))
	for i, d := range docs {
		out[i] = Document{ID: d.ID, Name: f(d.Name)}
	}
	return out
}

func picturesIn(pics []Picture, feedLang, lang string) []Picture {
	if len(pics) == 0 {
		return pics
	}
	out := make([]Picture, len(pics))
	for i, pic := range pics {
		if v, ok := Vocabulary(pic.Name, lang); ok {
			pic.Name = v
		} else if feedLang != lang {
			pic.Name = ""
		}
		out[i] = pic
	}
	return out
}

// VocabularyText is the vocabulary file as written (its tests).
func VocabularyText() string { return vocabularyText }
