// The props contract shared by every view, generated from the Go structs
// internal/http/web/route sends (src/gen/pages.ts); the names the app uses.
export type {
  Agency,
  Alternate,
  Col,
  Footer,
  FooterColumn,
  Head as HeadProps,
  Header as HeaderOptions,
  Image,
  Links,
  Link as SiteLink,
  OpeningDay,
  Picture,
  Shell,
} from '../../gen/pages'
import type { Head, Shell } from '../../gen/pages'

/** Content keyed by language code (catalog.Text, site.Text); see textIn. */
export type Text = Partial<Record<string, string>>

/** Props every view receives besides its own (route.Base). */
export interface BaseProps {
  site: Shell
  head: Head
}
