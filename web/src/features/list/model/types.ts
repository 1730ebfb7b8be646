export type { City as CityOption, Filters, ListProps as PropertyListProps, TypeCount as PropertyTypeOption } from '../../../gen/pages'

/** How the list shows: cards, or the map above them (?view=map). */
export type ListView = 'list' | 'map'
