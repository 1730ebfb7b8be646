// The gallery kit's public face (README.md, "Boundaries").
export { Gallery } from './components/Gallery'
