// Who is logged in, as the browser learns it: the server sets the
// immo_viewer cookie (web.ViewerCookie: a role, nothing secret) at a login
// and clears it at a logout, and the public pages, cached and the same for
// everyone, read it here after hydration — the server-rendered header says
// "Log in", the hydrated one "My account" to whoever is logged in.
import { useEffect, useState } from 'react'

export type ViewerRole = '' | 'registrant' | 'owner'

/** The role of the immo_viewer cookie, '' when none (or on the server). */
export function viewerRole(cookie: string): ViewerRole {
  const m = /(?:^|;\s*)immo_viewer=(registrant|owner)(?:;|$)/.exec(cookie)
  return m ? (m[1] as ViewerRole) : ''
}

/** The viewer's role once the page is hydrated; '' before and without a login. */
export function useViewerRole(): ViewerRole {
  const [role, setRole] = useState<ViewerRole>('')
  useEffect(() => setRole(viewerRole(document.cookie)), [])
  return role
}
