// The listings shared by every page that shows one (README.md, "Boundaries"):
// the card rules, the card and its grid.
export { GOAL_SALE } from './model/types'
export { HIDDEN_MARQUEES, marqueeOf, pictureAlt, streetLine } from './model/rules'
export { CardGrid } from './components/CardGrid'
