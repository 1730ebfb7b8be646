export { createRouter, PREFETCH_TTL } from './router'
export { Link, type LinkProps } from './Link'
export { PageContext, RouterContext, usePage, useRouter } from './context'
export type { Page, Router, Swap, VisitOptions } from './types'
