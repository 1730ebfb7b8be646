export { formatAmount, formatDate, formatDistance, formatMetres, formatNumber, formatSurface, groupThousands } from './amount'
export { formatPhone, telHref } from './phone'
export { formatListingPrice, formatPrice, PRICE_UNIT_FROM, type Priced } from './price'
export { DESCRIPTION_LIMIT, truncate } from './truncate'
