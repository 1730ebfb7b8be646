export { createRouter, PREFETCH_TTL } from './router'
export { Link, type LinkProps } from './Link'
export { PageContext, RouterContext, usePage, useRouter } from './context'
export { ServerError, type Page, type PostProps, type Router, type Swap, type VisitOptions } from './types'
