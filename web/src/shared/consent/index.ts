export { ConsentManager } from './components/ConsentManager'
export { CookieSettingsButton } from './components/CookieSettingsButton'
