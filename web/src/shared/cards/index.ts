// The listing-card kit, shared by every page that shows a listing (README.md,
// "Boundaries"): the card rules, the property card and its grid. The project
// card (components/ProjectCard, model/prices) is imported by its own files:
// only the home page and the modules show it, so the list, property and
// project pages' chunks do without it.
export { GOAL_SALE } from './model/types'
export { HIDDEN_MARQUEES, marqueeOf, pictureAlt, streetLine } from './model/rules'
export { CardGrid } from './components/CardGrid'
