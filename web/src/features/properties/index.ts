// The listings shared by every page that shows one (README.md, "Boundaries"):
// the card rules, the card and its grid.
export { GOAL_SALE } from './api/types'
export { HIDDEN_MARQUEES, marqueeOf, pictureAlt, streetLine } from './api/rules'
export { CardGrid } from './components/CardGrid'
