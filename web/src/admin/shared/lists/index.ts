// The list pages' kit: filter and search forms (folded on a phone), their refusals, the table, the pages around.
export { Choice } from './components/Choice'
export { FilterBox } from './components/FilterBox'
export { Filter, Pager, Search } from './components/Pager'
export { Refusals, Table, Who, type Heading } from './components/Table'
