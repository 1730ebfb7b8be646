/** SPEC §2: `setcookies` anywhere in the query resets the stored consent. */
export function wantsReset(search: string): boolean {
  return search.toLowerCase().includes('setcookies')
}

/** Whether the visitor must choose: undecided, or decided under another revision of the cookie list. */
export function mustAsk(decided: boolean, cookieRevision: number, configRevision: number): boolean {
  return !decided || cookieRevision !== configRevision
}
