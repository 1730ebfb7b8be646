// Video link recognition (SPEC §5), the same rules as Go's rules.VideoOf
// (internal/domain/rules/video.go; the cases of video_test.go are in video.test.ts):
// a file by its extension, YouTube (watch, shorts, embed, live, youtu.be)
// with an 11-character id, Vimeo with a numeric id, a Facebook video or
// fb.watch link, or a host under tvl.be. QuickJS (server rendering) has no
// URL class, so links are split by hand, the way Go's url.Parse reads them.

export type VideoKind = 'file' | 'youtube' | 'vimeo' | 'facebook' | 'tvl'

/** A recognised video link. embed is the iframe address (empty for a file and TV Lux); mimeType is set for files only. */
export interface Video {
  kind: VideoKind
  id: string
  url: string
  embed: string
  mimeType: string
}

const MIME_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.wmv': 'video/x-ms-wmv',
  '.avi': 'video/x-msvideo',
  '.flv': 'video/x-flv',
  '.webm': 'video/webm',
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const DIGITS = /^[0-9]+$/

interface Link {
  host: string
  path: string
  query: string
}

/** Recognises a video link; undefined when it is none. */
export function videoOf(raw: string | null | undefined): Video | undefined {
  const url = trimSpace(raw ?? '')
  const u = parseLink(url)
  if (!u) return undefined
  const mimeType = MIME_TYPES[ext(u.path).toLowerCase()]
  if (mimeType) return { kind: 'file', id: '', url, embed: '', mimeType }
  const host = u.host.toLowerCase().replace(/^www\./, '')
  const segs = u.path.split('/').filter(Boolean)
  const video = (kind: VideoKind, id: string, embed: string): Video => ({ kind, id, url, embed, mimeType: '' })
  if (host === 'youtu.be' || underHost(host, 'youtube.com') || underHost(host, 'youtube-nocookie.com')) {
    const id = youTubeIdOf(host, segs, u.query)
    return YOUTUBE_ID.test(id) ? video('youtube', id, `https://www.youtube-nocookie.com/embed/${id}`) : undefined
  }
  if (underHost(host, 'vimeo.com')) {
    const id = segs.find((s) => DIGITS.test(s))
    return id ? video('vimeo', id, `https://player.vimeo.com/video/${id}`) : undefined
  }
  if (underHost(host, 'facebook.com') || host === 'fb.watch') {
    const id = facebookIdOf(host, segs, u.query)
    return id ? video('facebook', id, `https://www.facebook.com/plugins/video.php?href=${queryEscape(url)}`) : undefined
  }
  if (underHost(host, 'tvl.be')) return video('tvl', '', '')
  return undefined
}

/**
 * The still image of a YouTube video (rules.YouTubeThumbnail): low → default
 * (120×90), medium → mqdefault (320×180), anything else → hqdefault (480×360).
 * A third-party address: show it only once the visitor asks for the video.
 */
export function youTubeThumbnail(id: string, quality = 'high'): string {
  if (!id) return ''
  const name = quality === 'low' ? 'default' : quality === 'medium' ? 'mqdefault' : 'hqdefault'
  return `https://i.ytimg.com/vi/${pathEscape(id)}/${name}.jpg`
}

/** http(s) links, scheme-less links ("youtu.be/…", read as https) and site paths. */
function parseLink(raw: string): Link | undefined {
  if (!raw.includes('://') && !raw.startsWith('/')) raw = `https://${raw}`
  let rest = raw
  const hash = rest.indexOf('#')
  if (hash >= 0) rest = rest.slice(0, hash)
  let query = ''
  const q = rest.indexOf('?')
  if (q >= 0) {
    query = rest.slice(q + 1)
    rest = rest.slice(0, q)
  }
  let scheme = ''
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest)
  if (m) {
    scheme = m[1].toLowerCase()
    rest = rest.slice(m[0].length)
  }
  if (scheme !== '' && scheme !== 'http' && scheme !== 'https') return undefined
  let host = ''
  if (rest.startsWith('//')) {
    rest = rest.slice(2)
    const slash = rest.indexOf('/')
    let authority = slash >= 0 ? rest.slice(0, slash) : rest
    rest = slash >= 0 ? rest.slice(slash) : ''
    authority = authority.slice(authority.lastIndexOf('@') + 1)
    const port = /:([^:\]]*)$/.exec(authority)
    if (port && !authority.endsWith(']')) {
      if (!/^[0-9]*$/.test(port[1])) return undefined // Go: invalid port
      authority = authority.slice(0, port.index)
    }
    host = authority.replace(/^\[(.*)\]$/, '$1')
  }
  let path: string
  try {
    path = decodeURIComponent(rest)
  } catch {
    return undefined // Go: invalid URL escape
  }
  return { host, path, query }
}

/** Whether host is domain or one of its subdomains ("notvl.be" is not under "tvl.be"). */
function underHost(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`)
}

function youTubeIdOf(host: string, segs: string[], query: string): string {
  if (host === 'youtu.be') return segs[0] ?? ''
  if (segs.length === 1 && segs[0] === 'watch') return queryGet(query, 'v')
  if (segs.length >= 2 && ['shorts', 'embed', 'live', 'v'].includes(segs[0])) return segs[1]
  return ''
}

/** fb.watch/{id}, /{page}/videos/[…/]{id} and /watch[/]?v={id}. */
function facebookIdOf(host: string, segs: string[], query: string): string {
  if (host === 'fb.watch') return segs[0] ?? ''
  const i = segs.indexOf('videos')
  if (i >= 0 && i + 1 < segs.length) return segs[segs.length - 1]
  if (segs.length === 1 && segs[0] === 'watch') return queryGet(query, 'v')
  return ''
}

/** The first value of key in a query string (Go's url.Values.Get). */
function queryGet(query: string, key: string): string {
  for (const part of query.split('&')) {
    const eq = part.indexOf('=')
    const k = eq >= 0 ? part.slice(0, eq) : part
    if (unescapeQuery(k) === key) return unescapeQuery(eq >= 0 ? part.slice(eq + 1) : '')
  }
  return ''
}

function unescapeQuery(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return ''
  }
}

/** The final element's extension, dot included (Go's path.Ext). */
function ext(path: string): string {
  for (let i = path.length - 1; i >= 0 && path[i] !== '/'; i--) if (path[i] === '.') return path.slice(i)
  return ''
}

/** Go's url.QueryEscape: everything but letters, digits and -_.~ escaped, space as "+". */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/** Go's url.PathEscape, enough for ids (letters, digits, -_). */
function pathEscape(s: string): string {
  return encodeURIComponent(s)
}

/** strings.TrimSpace for the ASCII and common Unicode spaces. */
function trimSpace(s: string): string {
  return s.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '')
}
