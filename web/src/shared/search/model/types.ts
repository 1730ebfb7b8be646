import type { SearchAnswer } from '../../../gen/pages'

export type { CityHit, PropertyHit, SearchAnswer, TypeHit } from '../../../gen/pages'

export const EMPTY_ANSWER: SearchAnswer = { types: [], cities: [], properties: [] }
