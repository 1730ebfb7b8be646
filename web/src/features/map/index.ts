// The map feature's public face (README.md, "Boundaries").
export { buildMapMessage } from './api/message'
export { MapFrame } from './components/MapFrame'
