// The list pages' kit: filter and search forms (folded on a phone), the pages around.
export { FilterBox } from './components/FilterBox'
export { Filter, Pager, Search } from './components/Pager'
