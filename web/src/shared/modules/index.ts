// The modules kit's public face (README.md, "Boundaries").
export { Modules } from './components/Modules'
