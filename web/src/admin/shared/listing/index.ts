// A property or project named by its title and address, linked to its page.
export { ListingName } from './components/ListingName'
