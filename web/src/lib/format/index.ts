export { formatAmount, formatDate, formatDistance, formatMetres, formatNumber, formatSurface, groupThousands } from './amount'
export { formatPhone, telHref } from './phone'
export { formatPrice, PRICE_UNIT_FROM } from './price'
export { DESCRIPTION_LIMIT, truncate } from './truncate'
