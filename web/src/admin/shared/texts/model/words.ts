import type { T } from './texts'

/** A staff role in the staff's words (the platform's operator, managed on the command line, among them). */
export const roleLabel = (t: T, role: string) =>
  t(role === 'admin' || role === 'operator' ? `admin.staff.roles.${role}` : 'admin.staff.roles.agent')
