// The map kit's public face (README.md, "Boundaries").
export { buildMapMessage } from './model/message'
export { MapFrame } from './components/MapFrame'
