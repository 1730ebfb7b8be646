// The jobs feature's public face: the job application form a page's
// job-application module holds.
export { JobApplicationForm } from './components/JobApplicationForm'
