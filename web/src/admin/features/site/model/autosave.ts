// The draft's autosave: what the editor typed is PUT to the server a moment
// after the last change, one request at a time (the latest text wins), and
// kept in this browser until the server has it, so a closed tab or a lost
// connection loses nothing.
import { useEffect, useState } from 'react'
import type { MovedPath, SiteChange, SiteProblem, StaleLink } from '../../../../gen/admin'

/** What publishing the draft would do, as the server sums it up after a save. */
export type Summary = { changes: SiteChange[]; moves: MovedPath[]; deleted: string[]; gone: string[]; links: StaleLink[] }

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; at: string }
  | { status: 'failed'; error: string }
  | { status: 'refused'; error: string }

/** The words of a save that did not happen: no connection, no right. */
export type Words = { offline: string; forbidden: string }

/** How long after the last change the draft is sent, and again after a failure. */
export const SAVE_DELAY_MS = 150
export const RETRY_MS = 4000

const storeKey = (id: number) => `immo-site-draft-${id}`

/** What this browser kept of draft id and the server may not have, if anything. */
export function kept(id: number): string | null {
  try {
    return window.localStorage.getItem(storeKey(id))
  } catch {
    return null
  }
}

function keep(id: number, text: string | null) {
  try {
    if (text === null) window.localStorage.removeItem(storeKey(id))
    else window.localStorage.setItem(storeKey(id), text)
  } catch {
    // A browser that keeps nothing (private mode, full): the server's copy is the only one.
  }
}

/** The draft's saves, one at a time: the latest text wins; a failure is tried again. */
class Saver {
  private latest: string
  private busy = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private saved: (problems: SiteProblem[], summary: Summary) => void = () => {}

  constructor(private readonly id: number, private readonly url: string, server: string,
    private readonly words: Words, private readonly report: (s: SaveState) => void) {
    this.latest = server
  }

  onSaved(f: (problems: SiteProblem[], summary: Summary) => void) {
    this.saved = f
  }

  /** text typed: kept here at once, sent a moment after the last change. */
  change(text: string) {
    if (text === this.latest) return
    this.latest = text
    keep(this.id, text)
    this.later(SAVE_DELAY_MS)
  }

  stop() {
    clearTimeout(this.timer)
  }

  private later(ms: number) {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.send(), ms)
  }

  private async send() {
    if (this.busy) return
    this.busy = true
    const body = this.latest
    this.report({ status: 'saving' })
    try {
      const res = await fetch(this.url, { method: 'PUT', body, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' } })
      const answer = (await res.json().catch(() => ({}))) as { updated?: string; problems?: SiteProblem[]; error?: string } & Partial<Summary>
      if (!res.ok) {
        // Refused (no right, too large, not a configuration): said, not tried again; the server's
        // trouble (5xx) is tried again.
        const error = answer.error || (res.status === 403 ? this.words.forbidden : res.statusText)
        if (res.status < 500) {
          this.report({ status: 'refused', error })
          this.busy = false
          return
        }
        throw new Error(error)
      }
      if (this.latest === body) keep(this.id, null)
      this.report({ status: 'saved', at: answer.updated ?? '' })
      this.saved(answer.problems ?? [], {
        changes: answer.changes ?? [], moves: answer.moves ?? [], deleted: answer.deleted ?? [], gone: answer.gone ?? [], links: answer.links ?? [],
      })
    } catch (e) {
      this.report({ status: 'failed', error: e instanceof TypeError ? this.words.offline : (e as Error).message })
      this.busy = false
      this.later(RETRY_MS)
      return
    }
    this.busy = false
    if (this.latest !== body) void this.send()
  }
}

/**
 * Sends text to url whenever it differs from what the server has (server: its copy when the page came; a text this
 * browser kept is sent at once), and hands the server's problems and the draft's changes to saved. words say why a
 * save did not happen.
 */
export function useAutosave(id: number, url: string, text: string, server: string,
  saved: (problems: SiteProblem[], summary: Summary) => void, words: Words): SaveState {
  const [state, setState] = useState<SaveState>({ status: 'idle' })
  const [saver] = useState(() => new Saver(id, url, server, words, setState))
  useEffect(() => saver.onSaved(saved), [saver, saved])
  useEffect(() => saver.change(text), [saver, text])
  useEffect(() => () => saver.stop(), [saver])
  return state
}
