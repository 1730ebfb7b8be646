import { useSyncExternalStore } from 'react'
import { MEDIA } from '../gen/breakpoints'
import { usePage } from './router'

/**
 * The device setting (SPEC §3, §4): the page shell's device class of the
 * window (mobile < 767 px, tablet < 1280 px, desktop; gen/breakpoints.ts),
 * whether the top bar shows (tablet and desktop) and the page's language.
 */
export interface DeviceSetting {
  isMobile: boolean
  isTablet: boolean
  isDesktop: boolean
  topBarShow: boolean
  language: string
}

type DeviceClass = Pick<DeviceSetting, 'isMobile' | 'isTablet' | 'isDesktop' | 'topBarShow'>

/**
 * On the server and until hydrated the width is unknown: no class is set,
 * and what depends on one is rendered and left to CSS (the top bar shows,
 * the stylesheet hides it on phones), so hydration matches and nothing jumps.
 */
const UNKNOWN_DEVICE: DeviceClass = { isMobile: false, isTablet: false, isDesktop: false, topBarShow: true }

const CLASSES: Record<'mobile' | 'tablet' | 'desktop', DeviceClass> = {
  mobile: { isMobile: true, isTablet: false, isDesktop: false, topBarShow: false },
  tablet: { isMobile: false, isTablet: true, isDesktop: false, topBarShow: true },
  desktop: { isMobile: false, isTablet: false, isDesktop: true, topBarShow: true },
}

function current(): DeviceClass {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return UNKNOWN_DEVICE
  if (window.matchMedia(MEDIA.desktop).matches) return CLASSES.desktop
  return window.matchMedia(MEDIA.tablet).matches ? CLASSES.tablet : CLASSES.mobile
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
  const queries = [window.matchMedia(MEDIA.tablet), window.matchMedia(MEDIA.desktop)]
  queries.forEach((q) => q.addEventListener('change', onChange))
  return () => queries.forEach((q) => q.removeEventListener('change', onChange))
}

/** The device class alone (no page needed): updated when the window crosses a breakpoint. */
function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribe, current, () => UNKNOWN_DEVICE)
}

/** The device setting of the page being shown (SPEC §4: the shared state the top bar reads). */
export function useDevice(): DeviceSetting {
  const cls = useDeviceClass()
  const lang = usePage<{ site?: { lang?: string } }>().props.site?.lang ?? ''
  return { ...cls, language: lang }
}
