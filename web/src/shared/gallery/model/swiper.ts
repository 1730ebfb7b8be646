// Swiper, loaded on demand (options.ts loadSlider): a chunk of its own that
// only property pages fetch, after hydration. The slides are React's
// markup; Swiper takes them over as they are (no loop, no clones), so React
// and Swiper never fight over nodes: Swiper adds classes and inline styles to
// elements whose className/style React never changes after hydration.
import Swiper from 'swiper'
import { A11y, Keyboard } from 'swiper/modules'
import { SLIDER_DEFAULTS, type MountOptions, type Slider } from './options'

export function mountSlider(el: HTMLElement, o: MountOptions): Slider {
  const swiper = new Swiper(el, {
    modules: [Keyboard, A11y],
    ...SLIDER_DEFAULTS,
    initialSlide: o.initialSlide,
    slidesPerView: 1,
    grabCursor: true,
    // Arrows while the gallery is on screen (not in a text field); Page Up/Down keep scrolling the page.
    keyboard: { enabled: true, onlyInViewport: true, pageUpDown: false },
    a11y: {
      enabled: true,
      id: o.wrapperId,
      slideRole: 'group',
      itemRoleDescriptionMessage: o.slideRole,
      // The same label the server rendered ("2 / 6").
      slideLabelMessage: '{{index}} / {{slidesLength}}',
      wrapperLiveRegion: true,
    },
    on: {
      slideChange: (s) => o.onChange(s.activeIndex),
    },
  })
  return {
    next: () => swiper.slideNext(),
    prev: () => swiper.slidePrev(),
    to: (i) => swiper.slideTo(i),
    update: () => swiper.update(),
    destroy: () => {
      swiper.destroy(true, false)
    },
  }
}
