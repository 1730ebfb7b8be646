import { useEffect, useRef, useState, type ReactNode } from 'react'
import { isAccepted, useConsent } from '../../../lib/consent'
import { useLang, useT } from '../../../lib/i18n'
import { sized } from '../../../lib/images'
import type { Agency } from '../../../lib/site/types'
import { SmartLink } from '../../../lib/ui/SmartLink'
import type { Video } from '../../../lib/video'
import { BANNER_WIDTH_DESKTOP, resolveBanner } from '../model/banner'
import type { BannerView } from '../model/types'
import { BannerPicture } from './BannerPicture'
import { projectSlides, propertySlides } from './ListingSlides'
import { Slideshow } from './Slideshow'
import { useReducedMotion } from './useReducedMotion'

/**
 * The home banner (SPEC §2): an image, a gallery (a crossfading slideshow), a
 * video (a file plays muted in a loop; YouTube, Vimeo and Facebook wait for a
 * click before anything loads from their servers), or the slideshow of a
 * properties or projects banner (each listing's picture with its price,
 * type, city and link). The title is the page's h1 (the agency's name when
 * none).
 */
export function Banner({ banner, agency }: { banner: BannerView; agency: Agency }) {
  const t = useT()
  const lang = useLang()
  const b = resolveBanner(banner)
  const alt = banner.imageAlt ?? ''
  const overlay = (extra?: ReactNode) => <Overlay banner={banner} agency={agency} extra={extra} />
  switch (b.kind) {
    case 'gallery':
      return <Slideshow kind="gallery" label={t('home.gallery')} slides={b.images.map((src, i) => ({ key: `${src}-${i}`, picture: src, alt }))} overlay={overlay()} />
    case 'properties':
      return <Slideshow kind="properties" label={t('home.featured')} slides={propertySlides(banner.properties ?? [], lang, t)} overlay={overlay()} />
    case 'projects':
      return <Slideshow kind="projects" label={t('home.featuredProjects')} slides={projectSlides(banner.projects ?? [], t)} overlay={overlay()} />
    case 'video':
      return b.video.kind === 'file' ? (
        <FileVideoBanner video={b.video} poster={b.image} overlay={overlay} />
      ) : (
        <EmbedVideoBanner video={b.video} image={b.image} alt={alt} overlay={overlay} />
      )
    default:
      return (
        <section className="banner" data-type={b.kind} aria-labelledby="banner-title">
          {b.image && <BannerPicture src={b.image} alt={alt} altLang={banner.imageAltLang} />}
          {overlay()}
        </section>
      )
  }
}

function Overlay({ banner, agency, extra }: { banner: BannerView; agency: Agency; extra?: ReactNode }) {
  return (
    <div className="banner-overlay">
      <div className="container banner-content">
        {banner.showLogo && agency.logo && <img className="banner-logo" src={agency.logo} alt="" width={180} height={48} />}
        <h1 id="banner-title" className="banner-title" lang={banner.title ? banner.titleLang : undefined}>
          {banner.title || agency.name}
        </h1>
        {banner.description && <p className="banner-description" lang={banner.descriptionLang}>{banner.description}</p>}
        {extra}
      </div>
    </div>
  )
}

/** A video file: muted, looping, inline, with the banner picture as poster and a pause button; reduced motion stops it. */
function FileVideoBanner({ video, poster, overlay }: { video: Video; poster: string; overlay: (extra?: ReactNode) => ReactNode }) {
  const t = useT()
  const ref = useRef<HTMLVideoElement>(null)
  const reduced = useReducedMotion()
  const [playing, setPlaying] = useState(true)

  useEffect(() => {
    const v = ref.current
    if (!v) return
    v.muted = true
    if (reduced) v.pause()
    else if (reduced === false && v.paused && v.autoplay) v.play().catch(() => setPlaying(false))
    setPlaying(!v.paused)
  }, [reduced])

  function toggle() {
    const v = ref.current
    if (!v) return
    if (v.paused) v.play().catch(() => setPlaying(false))
    else v.pause()
  }

  return (
    <section className="banner" data-type="video" aria-labelledby="banner-title">
      <video
        ref={ref}
        className="banner-image banner-video"
        muted
        loop
        playsInline
        autoPlay
        preload="metadata"
        poster={poster ? sized(poster, BANNER_WIDTH_DESKTOP) : undefined}
        aria-hidden="true"
        tabIndex={-1}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={video.url} type={video.mimeType} />
      </video>
      {overlay()}
      <div className="banner-controls">
        <button
          type="button"
          className="banner-control"
          data-icon={playing ? 'pause' : 'play'}
          aria-label={t(playing ? 'home.pauseVideo' : 'home.playVideo')}
          onClick={toggle}
        />
      </div>
    </section>
  )
}

const PROVIDERS: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', facebook: 'Facebook' }

/** The iframe address that starts playing at once (the visitor clicked play). */
export function embedSrc(v: Video): string {
  switch (v.kind) {
    case 'youtube':
      return `${v.embed}?autoplay=1&rel=0&playsinline=1`
    case 'vimeo':
      return `${v.embed}?autoplay=1`
    case 'facebook':
      return `${v.embed}&autoplay=true`
    default:
      return v.embed
  }
}

/**
 * YouTube, Vimeo or Facebook behind a facade: the banner picture and a play
 * button; the player (youtube-nocookie for YouTube) loads only on click, so
 * nothing is asked of another host before the visitor wants the video. A TV
 * Lux link, which has no player to embed, opens in a new tab.
 */
function EmbedVideoBanner({ video, image, alt, overlay }: { video: Video; image: string; alt: string; overlay: (extra?: ReactNode) => ReactNode }) {
  const t = useT()
  const [clicked, setOn] = useState(false)
  // Social media accepted (SPEC §4): the player loads at once, without playing.
  const consented = isAccepted('social', useConsent()) && !!video.embed
  const on = clicked || consented
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (clicked) frame.current?.focus()
  }, [clicked])
  const provider = PROVIDERS[video.kind]
  const action = !video.embed ? (
    <p className="banner-actions">
      <SmartLink href={video.url} className="button button-light" data-icon-end="external">
        {t('home.watchVideo')}
      </SmartLink>
    </p>
  ) : (
    <p className="banner-actions">
      <button type="button" className="button button-light banner-play" data-icon="play" onClick={() => setOn(true)} aria-describedby="banner-video-note">
        {t('home.playVideo')}
      </button>
      <small id="banner-video-note" className="banner-video-note">
        {t('home.videoProvider', { provider })}
      </small>
    </p>
  )
  return (
    <section className="banner" data-type="video" data-playing={on || undefined} aria-labelledby="banner-title">
      {on ? (
        <iframe
          ref={frame}
          className="banner-frame"
          src={clicked ? embedSrc(video) : video.embed}
          title={t('home.videoTitle')}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        image && <BannerPicture src={image} alt={alt} />
      )}
      {overlay(on ? undefined : action)}
    </section>
  )
}
