import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Picture } from '../../../lib/site/types'
import { SLIDER_DEFAULTS, type MountOptions, type Slider, type SliderModule } from '../model/options'
import { Gallery } from './Gallery'

const pictures: Picture[] = ['house-01', 'living-01', 'kitchen-01'].map((n, i) => ({ ID: i + 1, Name: n, Url: `/pictures/demo/${n}.jpg`, Width: 1600, Height: 1067 }))
const alt = (p: Picture) => `Maison à Arlon – ${p.Name}`

/** A slider that records calls; onChange is Swiper's slideChange. */
function fakeSlider() {
  const calls: string[] = []
  let options: MountOptions | undefined
  let el: HTMLElement | undefined
  const slider: Slider = {
    next: () => calls.push('next'),
    prev: () => calls.push('prev'),
    to: (i) => calls.push(`to ${i}`),
    update: () => {},
    destroy: () => calls.push('destroy'),
  }
  const module: SliderModule = {
    mountSlider: (e, o) => {
      el = e
      options = o
      return slider
    },
  }
  return { calls, module, change: (i: number) => options!.onChange(i), options: () => options, el: () => el }
}

let root: Root | undefined
let container: HTMLDivElement | undefined
afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  root = container = undefined
})

/**
 * Server-renders the gallery, then hydrates it as the browser does (by hand:
 * Testing Library's render cannot report a recoverable hydration error).
 */
async function mount(load: () => Promise<SliderModule>, list = pictures, turn = true) {
  const ui = <Gallery pictures={list} alt={alt} label="Photos : Maison à Arlon" load={load} />
  const html = renderToString(ui)
  container = document.createElement('div')
  container.innerHTML = html
  const before = container.innerHTML // as the browser parsed it
  document.body.appendChild(container)
  const onRecoverableError = vi.fn()
  await act(async () => {
    root = hydrateRoot(container!, ui, { onRecoverableError })
  })
  expect(onRecoverableError).not.toHaveBeenCalled()
  if (turn) await turnTo()
  return { before, c: container }
}

/**
 * The visitor turns to the gallery (a pointer over it): the slider loads at
 * once, and mounts once the row's own scrolling has been still a moment.
 */
const turnTo = async () => {
  await act(async () => void container!.querySelector('.gallery')!.dispatchEvent(new Event('pointerover', { bubbles: true })))
  await act(() => new Promise((r) => setTimeout(r, 200)))
}

const q = <T extends Element = HTMLElement>(sel: string) => container!.querySelector<T & HTMLElement>(sel)!
const counter = () => q('.gallery-counter').textContent
const button = (name: string) => screen.getByRole('button', { name })
const thumbnails = () => within(screen.getByRole('list', { name: 'Toutes les photos' })).getAllByRole('link')

describe('Gallery', () => {
  it('uses the slider defaults of SPEC §9', () => {
    expect(SLIDER_DEFAULTS).toEqual({ speed: 300, longSwipesRatio: 0.5, longSwipesMs: 300, touchAngle: 45, resistanceRatio: 0.85 })
  })

  it('server-renders every slide, the first at once and the others lazily, and hides what needs the slider', () => {
    const c = document.createElement('div')
    c.innerHTML = renderToString(<Gallery pictures={pictures} alt={alt} label="Photos" load={() => new Promise(() => {})} />)
    const slides = c.querySelectorAll('.swiper-wrapper > .swiper-slide')
    expect(slides).toHaveLength(3)
    expect(slides[0].querySelector('img')!.getAttribute('loading')).toBe('eager')
    expect(slides[1].querySelector('img')!.getAttribute('loading')).toBe('lazy')
    expect(slides[1].getAttribute('aria-label')).toBe('2 / 3')
    expect(c.querySelector('.gallery-counter')!.textContent).toBe('Photo 1 / 3')
    for (const b of c.querySelectorAll('button')) expect(b.hasAttribute('hidden'), b.className).toBe(true)
    const thumbs = c.querySelectorAll<HTMLAnchorElement>('.gallery-thumbs a')
    expect(thumbs[1].getAttribute('href')).toBe('/pictures/demo/living-01.jpg?width=1920&height=auto&format=webp')
    expect(thumbs[0].getAttribute('aria-current')).toBe('true')
    expect(thumbs[1].querySelector('img')!.getAttribute('alt')).toBe('Maison à Arlon – living-01')
  })

  it('loads no slider with the page, nor when idle: only when the visitor turns to the gallery', async () => {
    const load = vi.fn(() => new Promise<SliderModule>(() => {}))
    await mount(load, pictures, false)
    await act(() => new Promise((r) => setTimeout(r, 300)))
    expect(load).not.toHaveBeenCalled()
    await turnTo()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('before the slider, the row scrolls by itself: the counter follows it, a thumbnail scrolls to its photo, and the slider starts where the row stands', async () => {
    const s = fakeSlider()
    let arrive!: (m: SliderModule) => void
    await mount(() => new Promise<SliderModule>((r) => (arrive = r)), pictures, false)
    const strip = q('.gallery-viewport')
    Object.defineProperty(strip, 'clientWidth', { configurable: true, value: 400 })
    strip.scrollTo = ((o: ScrollToOptions) => {
      strip.scrollLeft = o.left ?? 0
      strip.dispatchEvent(new Event('scroll'))
    }) as typeof strip.scrollTo
    // A swipe: the row scrolls to the second photo.
    await act(async () => {
      strip.scrollLeft = 400
      strip.dispatchEvent(new Event('scroll'))
      await new Promise((r) => requestAnimationFrame(() => r(null)))
    })
    expect(counter()).toBe('Photo 2 / 3')
    expect(thumbnails()[1]).toHaveAttribute('aria-current', 'true')
    // A thumbnail scrolls the row instead of opening its picture.
    await act(async () => {
      fireEvent.pointerDown(thumbnails()[2]) // a click's first event: the visitor turned to the gallery
      expect(fireEvent.click(thumbnails()[2])).toBe(false)
      await new Promise((r) => requestAnimationFrame(() => r(null)))
    })
    expect(strip.scrollLeft).toBe(800)
    expect(counter()).toBe('Photo 3 / 3')
    // Swiper, asked for on that pointer, arrives and takes over at the third photo.
    await act(async () => arrive(s.module))
    await act(() => new Promise((r) => setTimeout(r, 200)))
    expect(s.options()).toMatchObject({ initialSlide: 2 })
    expect(strip.scrollLeft).toBe(0)
    expect(button('Photo suivante')).toBeDisabled()
  })

  it('hydrates without a change while the slider loads', async () => {
    const { before, c } = await mount(() => new Promise(() => {}))
    expect(c.innerHTML).toBe(before)
  })

  it('mounts the slider on the rendered slides; buttons, thumbnails and counter follow it', async () => {
    const user = userEvent.setup()
    const s = fakeSlider()
    await mount(async () => s.module)
    expect(s.el()).toBe(q('.swiper'))
    expect(s.options()).toMatchObject({ initialSlide: 0, slideRole: 'diapositive', wrapperId: q('.swiper-wrapper').id })
    const prev = button('Photo précédente')
    const next = button('Photo suivante')
    expect(next).toBeVisible()
    expect(prev).toBeDisabled()
    await user.click(next)
    expect(s.calls).toEqual(['next'])
    await act(async () => s.change(1))
    expect(counter()).toBe('Photo 2 / 3')
    expect(prev).toBeEnabled()
    expect(thumbnails()[1]).toHaveAttribute('aria-current', 'true')
    // The neighbours of the current slide load now.
    expect(container!.querySelectorAll('.swiper-slide img')[2]).toHaveAttribute('loading', 'eager')
    await act(async () => s.change(2))
    expect(next).toBeDisabled()
    await user.click(prev)
    expect(s.calls).toEqual(['next', 'prev'])
    // A thumbnail shows its picture instead of opening it (fireEvent tells whether the click was prevented).
    expect(fireEvent.click(thumbnails()[0])).toBe(false)
    expect(s.calls).toContain('to 0')
  })

  it('without the slider (its chunk failed), no button shows and a thumbnail still scrolls the row', async () => {
    await mount(() => Promise.reject(new Error('offline')))
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(container!.querySelectorAll('button').length).toBeGreaterThan(0) // there, but hidden
    const strip = q('.gallery-viewport')
    strip.scrollTo = vi.fn()
    expect(fireEvent.click(thumbnails()[1])).toBe(false)
    expect(strip.scrollTo).toHaveBeenCalled()
  })

  it('full screen by the Fullscreen API; Escape leaves it', async () => {
    const user = userEvent.setup()
    const s = fakeSlider()
    await mount(async () => s.module)
    const gallery = screen.getByRole('region', { name: 'Photos : Maison à Arlon' })
    let fullscreen: Element | null = null
    const d = Object.getOwnPropertyDescriptor(Document.prototype, 'fullscreenElement')
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreen })
    gallery.requestFullscreen = vi.fn(async () => {
      fullscreen = gallery
      document.dispatchEvent(new Event('fullscreenchange'))
    })
    const exit = vi.fn(async () => {
      fullscreen = null
      document.dispatchEvent(new Event('fullscreenchange'))
    })
    document.exitFullscreen = exit
    try {
      await user.click(button('Plein écran'))
      expect(gallery.requestFullscreen).toHaveBeenCalled()
      expect(gallery.dataset.full).toBe('screen')
      expect(button('Quitter le plein écran')).toHaveFocus()
      // Full screen shows the pictures at the screen's width.
      expect(q('.swiper-slide img')).toHaveAttribute('sizes', '100vw')
      await user.keyboard('{Escape}')
      expect(exit).toHaveBeenCalled()
      expect(gallery.dataset.full).toBe('off')
      expect(button('Plein écran')).toBeVisible()
    } finally {
      delete (document as { fullscreenElement?: unknown }).fullscreenElement
      if (d) Object.defineProperty(Document.prototype, 'fullscreenElement', d)
    }
  })

  it('fills the window where there is no Fullscreen API; Escape or the button closes', async () => {
    const user = userEvent.setup()
    const s = fakeSlider()
    await mount(async () => s.module)
    const gallery = screen.getByRole('region', { name: 'Photos : Maison à Arlon' })
    ;(gallery as { requestFullscreen?: unknown }).requestFullscreen = undefined
    await user.click(button('Plein écran'))
    expect(gallery.dataset.full).toBe('window')
    await user.keyboard('{Escape}')
    expect(gallery.dataset.full).toBe('off')
    await user.click(button('Plein écran'))
    expect(gallery.dataset.full).toBe('window')
    await user.click(button('Quitter le plein écran'))
    expect(gallery.dataset.full).toBe('off')
  })

  it('one picture: no slider, no counter, no thumbnails; full screen still', async () => {
    const load = vi.fn(() => new Promise<SliderModule>(() => {}))
    await mount(load, pictures.slice(0, 1))
    expect(load).not.toHaveBeenCalled()
    expect(container!.querySelector('.gallery-counter')).toBeNull()
    expect(container!.querySelector('.gallery-thumbs')).toBeNull()
    expect(button('Plein écran')).toBeVisible()
  })

  it('unmounting destroys the slider', async () => {
    const s = fakeSlider()
    await mount(async () => s.module)
    act(() => root!.unmount())
    root = undefined
    expect(s.calls).toContain('destroy')
  })
})
