package views

import (
	"fmt"
	"strings"

	"immo/internal/tool/tsgen"
)

// Props is a view's props as Go sends them: it names its view.
type Props interface{ View() string }

// TypeScript is the page contract of the registry's views for the entry's
// React app: each props struct as a TypeScript interface, the union of the
// view names (ViewName) and each view's props (ViewProps). props holds one
// value per view of r, in r's order; header opens the file (what generated
// it). An entry's generated file comes from here, the site's and any other.
func (r Registry) TypeScript(header string, props []Props) (string, error) {
	if len(props) != len(r) {
		return "", fmt.Errorf("views: %d props for %d views", len(props), len(r))
	}
	g := tsgen.New()
	var b strings.Builder
	b.WriteString(header)
	var names, fields []string
	for i, p := range props {
		if p.View() != r[i].Name {
			return "", fmt.Errorf("views: props %d are for view %s, the registry's is %s", i, p.View(), r[i].Name)
		}
		name, err := g.Add(p)
		if err != nil {
			return "", err
		}
		names = append(names, "'"+p.View()+"'")
		fields = append(fields, fmt.Sprintf("  %s: %s\n", p.View(), name))
	}
	b.WriteString(g.Source())
	b.WriteString("\n/** The views the React app renders (internal/http/web/views). */\n")
	b.WriteString("export type ViewName = " + strings.Join(names, " | ") + "\n")
	b.WriteString("\n/** Each view's props. */\nexport interface ViewProps {\n" + strings.Join(fields, "") + "}\n")
	return b.String(), nil
}
