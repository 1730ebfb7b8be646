import { z } from 'zod'
import type { T } from './texts'

/** A second factor's code as apps show it: six digits, maybe split in two (the login's and the sign-in page's rule). */
export const codeSchema = z.object({ code: z.string().trim().regex(/^\d{3} ?\d{3}$/, 'admin.login.codeFormat') })

/** A staff role in the staff's words. */
export const roleLabel = (t: T, role: string) => t(role === 'admin' ? 'admin.staff.roles.admin' : 'admin.staff.roles.agent')

/** Each language by its own name (a choice of language reads the same in every one). */
export const autonyms: Record<string, string> = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' }
