import { z } from 'zod'

/** A second factor's code as apps show it: six digits, maybe split in two (the login's and the sign-in page's rule). */
export const codeSchema = z.object({ code: z.string().trim().regex(/^\d{3} ?\d{3}$/, 'admin.login.codeFormat') })
