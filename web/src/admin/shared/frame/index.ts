// The frame every inbox page sits in: skip link, bar, menu, title, the page's notices.
export { Shell } from './components/Shell'
