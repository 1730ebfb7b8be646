/** SPEC §2: `setcookies` anywhere in the query resets the stored consent. */
export function wantsReset(search: string): boolean {
  return search.toLowerCase().includes('setcookies')
}

/** SPEC §2, §4: a path containing `preview` never shows the dialog. */
export function isPreview(path: string): boolean {
  return path.toLowerCase().includes('preview')
}

/** Whether the visitor must choose: undecided, or decided under another revision of the cookie list. */
export function mustAsk(decided: boolean, cookieRevision: number, configRevision: number): boolean {
  return !decided || cookieRevision !== configRevision
}
