// The gallery's Swiper settings, kept free of Swiper itself so that the
// server bundle and the property chunk never import it (model/swiper.ts does,
// in its own chunk).

/** SPEC §9 slider defaults: speed 300 ms, long swipes at half the width or 300 ms, touch angle 45°, resistance 0.85. */
export const SLIDER_DEFAULTS = {
  speed: 300,
  longSwipesRatio: 0.5,
  longSwipesMs: 300,
  touchAngle: 45,
  resistanceRatio: 0.85,
} as const

/** What the gallery asks of a mounted slider. */
export interface Slider {
  next(): void
  prev(): void
  to(index: number): void
  /** Re-measures (after the container changed size without a resize event). */
  update(): void
  destroy(): void
}

export interface MountOptions {
  /** The slide to show first. */
  initialSlide: number
  /** The id of the slide wrapper (A11y's aria-controls target). */
  wrapperId: string
  /** "slide", in the page's language (aria-roledescription of each slide). */
  slideRole: string
  /** The active slide changed (by swipe, keyboard, buttons). */
  onChange(index: number): void
}

/** The lazily loaded module (model/swiper.ts). */
export interface SliderModule {
  mountSlider(el: HTMLElement, options: MountOptions): Slider
}

/**
 * Loads Swiper in its own chunk, in the browser only. The server bundle is
 * built with import.meta.env.SSR = true: the condition below is constant
 * there, esbuild drops the dead branch and, with it, Swiper (no window in
 * QuickJS, and nothing to slide on the server). Keep it a conditional
 * expression: an import() after an early return is still bundled.
 */
export const loadSlider: () => Promise<SliderModule> = import.meta.env.SSR
  ? () => Promise.reject(new Error('no slider on the server'))
  : () => import('./swiper')
