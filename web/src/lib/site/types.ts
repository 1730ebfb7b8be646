// The props contract shared by every view, as internal/web/route builds it
// (shell.go, head.go). Field names are Go's JSON names.
import type { Lang } from '../i18n'

/** Content keyed by language code (catalog.Text, site.Text); see textIn. */
export type Text = Partial<Record<string, string>>

/** A labelled address (route.Link). External ones open in a new tab. */
export interface SiteLink {
  label: string
  href: string
  /** The label's language when it fell back to another than the page's; in the language switcher, the target's too. */
  lang?: string
  current?: boolean
  external?: boolean
  icon?: string
  color?: string
  children?: SiteLink[]
}

export interface Agency {
  name: string
  phone: string
  phoneText: string
  email: string
  street: string
  zip: string
  city: string
  logo?: string
  openingHours?: OpeningDay[] | null
  vatNumber?: string
}

/** One weekday: hours, or the agency's note (lang set when it fell back); neither means closed. */
export interface OpeningDay {
  day: string // monday … sunday
  hours?: { from: string; to: string }[] | null
  text?: string
  lang?: string
}

export interface HeaderOptions {
  menuPosition: 'left' | 'center' | 'right' | string
  logoPosition: 'left' | 'center' | 'right' | string
  showLogoAtStart: boolean
  changeOnScroll: boolean
  drawerButton: 'left' | 'right' | string
  freeValuationButton: boolean
}

export interface Image {
  url: string
  alt?: Text
}

export interface Col {
  sm: number
  md: number
  lg: number
}

/** A footer column; each *Lang names the language of a text that fell back to another than the page's. */
export interface FooterColumn {
  title?: string
  titleLang?: string
  /** Trusted HTML from the configuration, its links built for the page's language. */
  intro?: string
  introLang?: string
  /** Trusted HTML from the configuration, its links built for the page's language. */
  text?: string
  textLang?: string
  images?: Image[] | null
  col: Col
}

export interface Footer {
  columns: FooterColumn[] | null
  copyright: string
  copyrightLang?: string
  legal: SiteLink[] | null
}

export interface Links {
  home: string
  sale?: string
  rent?: string
  sold?: string
  /** The free valuation page, only once the site has one; the header button shows when this is set and header.freeValuationButton. */
  valuation?: string
}

/** What every page shows around its view (route.Shell). */
export interface Shell {
  lang: Lang
  agency: Agency
  header: HeaderOptions
  menu: SiteLink[] | null
  topBar: { left: SiteLink[] | null; right: SiteLink[] | null }
  footer: Footer
  /** The same page in each enabled language; empty with one language. */
  languages: SiteLink[] | null
  links: Links
}

export interface Alternate {
  lang: string
  href: string
}

/** The document head Go writes (route.Head); the client keeps it in step on navigation. */
export interface HeadProps {
  title: string
  description?: string
  canonical?: string
  alternates?: Alternate[]
  image?: string
  type: string
  robots?: string
  siteName: string
  locale: string
}

/** Props every view receives besides its own. */
export interface BaseProps {
  site: Shell
  head: HeadProps
}

/** A picture of a listing (catalog.Picture). */
export interface Picture {
  ID?: number
  Name?: string
  Url: string
  Width?: number
  Height?: number
}
