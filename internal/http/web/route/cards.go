package route

import "immo/internal/domain/catalog"

// CardView is a list card with its address.
type CardView struct {
	catalog.Card
	Href string `json:"href"`
}

func (c *resolution) cards(cards []catalog.Card) []CardView {
	out := make([]CardView, len(cards))
	for i := range cards {
		out[i] = CardView{Card: cards[i], Href: c.r.CardURL(&cards[i], c.lang)}
	}
	return out
}
