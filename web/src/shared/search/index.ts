// The search kit's public face (README.md, "Boundaries").
export { entriesOf, SearchBox } from './components/SearchBox'
