import type { T } from './texts'

/** A staff role in the staff's words. */
export const roleLabel = (t: T, role: string) => t(role === 'admin' ? 'admin.staff.roles.admin' : 'admin.staff.roles.agent')
