// The project feature's public face (README.md, "Boundaries").
export { projectPrices } from './api/prices'
export { ProjectGrid, ProjectName } from './components/ProjectCard'
