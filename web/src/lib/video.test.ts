// The cases of internal/domain/rules/video_test.go: the browser and the server
// recognise the same links.
import { describe, expect, it } from 'vitest'
import { queryEscape, videoOf, youTubeThumbnail, type VideoKind } from './video'

const ytEmbed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
type Case = [input: string, ok: boolean, kind?: VideoKind, id?: string, embed?: string, mime?: string]

const cases: Case[] = [
  // Files, by extension, whatever the host.
  ['https://cdn.example.com/banner.mp4', true, 'file', '', '', 'video/mp4'],
  ['https://cdn.example.com/a.MOV', true, 'file', '', '', 'video/quicktime'],
  ['http://x.be/a.wmv', true, 'file', '', '', 'video/x-ms-wmv'],
  ['http://x.be/a.avi', true, 'file', '', '', 'video/x-msvideo'],
  ['http://x.be/a.flv', true, 'file', '', '', 'video/x-flv'],
  ['http://x.be/a.webm?token=1#t=3', true, 'file', '', '', 'video/webm'],
  ['/media/banner.mp4', true, 'file', '', '', 'video/mp4'],
  ['https://x.be/a.mkv', false],
  ['https://x.be/mp4', false],

  // YouTube.
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://www.youtube.com/shorts/dQw4w9WgXcQ', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://www.youtube.com/live/dQw4w9WgXcQ', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://youtu.be/dQw4w9WgXcQ', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['youtu.be/dQw4w9WgXcQ?si=abc', true, 'youtube', 'dQw4w9WgXcQ', ytEmbed, ''],
  ['https://youtu.be/a-b_c1234Z9', true, 'youtube', 'a-b_c1234Z9', 'https://www.youtube-nocookie.com/embed/a-b_c1234Z9', ''],
  ['https://www.youtube.com/watch?v=short', false], // 5 characters
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQQ', false], // 12 characters
  ['https://youtu.be/dQw4w9WgXc!', false],
  ['https://www.youtube.com/channel/UCabc', false],
  ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', false],

  // Vimeo.
  ['https://vimeo.com/76979871', true, 'vimeo', '76979871', 'https://player.vimeo.com/video/76979871', ''],
  ['https://player.vimeo.com/video/76979871?h=abc', true, 'vimeo', '76979871', 'https://player.vimeo.com/video/76979871', ''],
  ['https://vimeo.com/channels/staffpicks/76979871', true, 'vimeo', '76979871', 'https://player.vimeo.com/video/76979871', ''],
  ['https://vimeo.com/about', false],

  // Facebook.
  ['https://www.facebook.com/agency/videos/1234567890/', true, 'facebook', '1234567890',
    'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fagency%2Fvideos%2F1234567890%2F', ''],
  ['https://m.facebook.com/agency/videos/vb.1/987/', true, 'facebook', '987',
    'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fm.facebook.com%2Fagency%2Fvideos%2Fvb.1%2F987%2F', ''],
  ['https://www.facebook.com/watch/?v=555', true, 'facebook', '555',
    'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D555', ''],
  ['https://fb.watch/abcDEF12/', true, 'facebook', 'abcDEF12',
    'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Ffb.watch%2FabcDEF12%2F', ''],
  ['https://www.facebook.com/agency', false],
  ['https://www.facebook.com/watch/', false],
  ['https://fb.watch/', false],

  // TV Lux.
  ['https://www.tvl.be/emission/immo', true, 'tvl', '', '', ''],
  ['https://tvl.be/x', true, 'tvl', '', '', ''],
  ['https://player.tvl.be/x', true, 'tvl', '', '', ''],
  ['https://notvl.be/x', false],
  ['https://tvl.be.evil.com/x', false],

  // Not videos.
  ['', false],
  ['   ', false],
  ['https://example.com/page', false],
  ['ftp://youtu.be/dQw4w9WgXcQ', false],
  ['javascript:alert(1)', false],
]

describe('videoOf', () => {
  it.each(cases)('%s', (input, ok, kind, id, embed, mimeType) => {
    const got = videoOf(input)
    if (!ok) {
      expect(got).toBeUndefined()
      return
    }
    expect(got).toEqual({ kind, id, url: input, embed, mimeType })
  })

  it('keeps the trimmed link and accepts null', () => {
    expect(videoOf('  https://youtu.be/dQw4w9WgXcQ \n')?.url).toBe('https://youtu.be/dQw4w9WgXcQ')
    expect(videoOf(null)).toBeUndefined()
    expect(videoOf(undefined)).toBeUndefined()
  })

  it('escapes a query like Go', () => {
    expect(queryEscape("a b!'()*~._-")).toBe('a+b%21%27%28%29%2A~._-')
  })
})

describe('youTubeThumbnail', () => {
  it.each([
    ['dQw4w9WgXcQ', 'low', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg'],
    ['dQw4w9WgXcQ', 'medium', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg'],
    ['dQw4w9WgXcQ', 'high', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg'],
    ['dQw4w9WgXcQ', '', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg'],
    ['dQw4w9WgXcQ', 'HIGH', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg'],
    ['', 'high', ''],
  ])('%s %s', (id, quality, want) => {
    expect(youTubeThumbnail(id, quality)).toBe(want)
  })
})
