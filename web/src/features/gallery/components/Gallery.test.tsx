import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Picture } from '../../../lib/site/types'
import { SLIDER_DEFAULTS, type MountOptions, type Slider, type SliderModule } from '../model/options'
import { Gallery } from './Gallery'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

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

async function mount(load: () => Promise<SliderModule>, list = pictures) {
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
  return { before, c: container }
}

const q = <T extends Element = HTMLElement>(sel: string) => container!.querySelector<T & HTMLElement>(sel)!
const counter = () => q('.gallery-counter').textContent

describe('Gallery', () => {
  it('uses the slider defaults of SPEC §9', () => {
    expect(SLIDER_DEFAULTS).toEqual({ speed: 300, longSwipesRatio: 0.5, longSwipesMs: 300, touchAngle: 45, resistanceRatio: 0.85 })
  })

  it('server-renders every slide, the first at once and the others lazily, and hides what needs the slider', () => {
    const c = document.createElement('div')
    c.innerHTML = renderToString(<Gallery pictures={pictures} alt={alt} label="Photos" load={() => new Promise(() => {})} />)
    const slides = c.querySelectorAll('.swiper-wrapper > .swiper-slide')
    expect(slides).toHaveLength(3)
    expect(slides[0].querySelector('img')!.hasAttribute('loading')).toBe(false)
    expect(slides[1].querySelector('img')!.getAttribute('loading')).toBe('lazy')
    expect(slides[1].getAttribute('aria-label')).toBe('2 / 3')
    expect(c.querySelector('.gallery-counter')!.textContent).toBe('Photo 1 / 3')
    for (const b of c.querySelectorAll('button')) expect(b.hasAttribute('hidden'), b.className).toBe(true)
    const thumbs = c.querySelectorAll<HTMLAnchorElement>('.gallery-thumbs a')
    expect(thumbs[1].getAttribute('href')).toBe('/pictures/demo/living-01.jpg?width=1920&height=auto&format=webp')
    expect(thumbs[0].getAttribute('aria-current')).toBe('true')
    expect(thumbs[1].querySelector('img')!.getAttribute('alt')).toBe('Maison à Arlon – living-01')
  })

  it('hydrates without a change while the slider loads', async () => {
    const { before, c } = await mount(() => new Promise(() => {}))
    expect(c.innerHTML).toBe(before)
  })

  it('mounts the slider on the rendered slides; buttons, thumbnails and counter follow it', async () => {
    const s = fakeSlider()
    await mount(async () => s.module)
    expect(s.el()).toBe(q('.swiper'))
    expect(s.options()).toMatchObject({ initialSlide: 0, slideRole: 'diapositive', wrapperId: q('.swiper-wrapper').id })
    const prev = q<HTMLButtonElement>('.gallery-prev')
    const next = q<HTMLButtonElement>('.gallery-next')
    expect(next.hidden).toBe(false)
    expect(prev.disabled).toBe(true)
    await act(async () => next.click())
    expect(s.calls).toEqual(['next'])
    await act(async () => s.change(1))
    expect(counter()).toBe('Photo 2 / 3')
    expect(prev.disabled).toBe(false)
    expect(container!.querySelectorAll('.gallery-thumbs a')[1].getAttribute('aria-current')).toBe('true')
    // The neighbours of the current slide load now.
    expect(container!.querySelectorAll('.swiper-slide img')[2].hasAttribute('loading')).toBe(false)
    await act(async () => s.change(2))
    expect(next.disabled).toBe(true)
    // A thumbnail shows its picture instead of opening it.
    const thumb = container!.querySelectorAll<HTMLAnchorElement>('.gallery-thumbs a')[0]
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    await act(async () => thumb.dispatchEvent(click))
    expect(click.defaultPrevented).toBe(true)
    expect(s.calls).toContain('to 0')
  })

  it('without the slider (its chunk failed), the thumbnails stay links and no button shows', async () => {
    await mount(() => Promise.reject(new Error('offline')))
    for (const b of container!.querySelectorAll('button')) expect(b.hidden).toBe(true)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    container!.querySelectorAll('.gallery-thumbs a')[1].dispatchEvent(click)
    expect(click.defaultPrevented).toBe(false)
  })

  it('full screen by the Fullscreen API; Escape leaves it', async () => {
    const s = fakeSlider()
    await mount(async () => s.module)
    const gallery = q('.gallery')
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
      const button = q<HTMLButtonElement>('.gallery-full')
      expect(button.textContent).toBe('Plein écran')
      await act(async () => button.click())
      expect(gallery.requestFullscreen).toHaveBeenCalled()
      expect(gallery.dataset.full).toBe('screen')
      expect(button.textContent).toBe('Quitter le plein écran')
      // Full screen shows the pictures at the screen's width.
      expect(q('.swiper-slide img').getAttribute('sizes')).toBe('100vw')
      await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))
      expect(exit).toHaveBeenCalled()
      expect(gallery.dataset.full).toBe('off')
      expect(button.textContent).toBe('Plein écran')
    } finally {
      delete (document as { fullscreenElement?: unknown }).fullscreenElement
      if (d) Object.defineProperty(Document.prototype, 'fullscreenElement', d)
    }
  })

  it('fills the window where there is no Fullscreen API; Escape or the button closes', async () => {
    const s = fakeSlider()
    await mount(async () => s.module)
    const gallery = q('.gallery')
    ;(gallery as { requestFullscreen?: unknown }).requestFullscreen = undefined
    const button = q<HTMLButtonElement>('.gallery-full')
    await act(async () => button.click())
    expect(gallery.dataset.full).toBe('window')
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))
    expect(gallery.dataset.full).toBe('off')
    await act(async () => button.click())
    await act(async () => button.click())
    expect(gallery.dataset.full).toBe('off')
  })

  it('one picture: no slider, no counter, no thumbnails; full screen still', async () => {
    const load = vi.fn(() => new Promise<SliderModule>(() => {}))
    await mount(load, pictures.slice(0, 1))
    expect(load).not.toHaveBeenCalled()
    expect(container!.querySelector('.gallery-counter')).toBeNull()
    expect(container!.querySelector('.gallery-thumbs')).toBeNull()
    expect(q<HTMLButtonElement>('.gallery-full').hidden).toBe(false)
  })

  it('unmounting destroys the slider', async () => {
    const s = fakeSlider()
    await mount(async () => s.module)
    act(() => root!.unmount())
    root = undefined
    expect(s.calls).toContain('destroy')
  })
})
