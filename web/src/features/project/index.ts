// The project feature's public face (README.md, "Boundaries").
export { projectPrices } from './model/prices'
export { ProjectGrid, ProjectName } from './components/ProjectCard'
