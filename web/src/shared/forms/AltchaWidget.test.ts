// The real widget module (altcha's external build), mounted in a form:
// it registers <altcha-widget>, whose hidden input is the form's `altcha`
// field, and reports the payload of a verified state. Solving needs a
// worker and a server: that is the browser check's part.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mountAltcha } from '../../lib/altcha/widget'
import { altchaStrings } from './model/altcha'
import { tFor } from '../../lib/i18n'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('mountAltcha', () => {
  it('puts the widget in the form with its field, our texts and a way out', async () => {
    const form = document.createElement('form')
    const host = document.createElement('div')
    form.append(host)
    document.body.append(form)
    const onChange = vi.fn()
    const mounted = mountAltcha(host, { challengeUrl: '/api/altcha', name: 'altcha', lang: 'fr', strings: altchaStrings(tFor('fr')), onChange })
    const widget = host.querySelector('altcha-widget')
    expect(widget).not.toBeNull()
    expect(widget?.getAttribute('challenge')).toBe('/api/altcha')
    expect(customElements.get('altcha-widget')).toBeDefined()
    await vi.waitFor(() => expect(new FormData(form).has('altcha')).toBe(true))
    expect($altcha.i18n.get('fr')?.label).toBe('Je ne suis pas un robot')
    expect(document.getElementById('altcha-css')).not.toBeNull()

    widget?.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'cA==' } }))
    widget?.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired', payload: 'cA==' } }))
    expect(onChange.mock.calls).toEqual([['cA=='], [null]])

    mounted.destroy()
    expect(host.querySelector('altcha-widget')).toBeNull()
  })
  it('verifies when asked at once, before the element has set itself up', async () => {
    const form = document.createElement('form')
    const host = document.createElement('div')
    form.append(host)
    document.body.append(form)
    const mounted = mountAltcha(host, { challengeUrl: '/api/altcha', name: 'altcha', lang: 'nl', strings: altchaStrings(tFor('nl')), onChange: vi.fn() })
    const widget = host.querySelector('altcha-widget') as HTMLElement & { verify?: unknown }
    const states: string[] = []
    widget.addEventListener('statechange', (e) => states.push((e as CustomEvent<{ state: string }>).detail.state))
    expect(widget.verify).toBeUndefined() // its methods come a microtask later
    // It fails here (no secure context, no server), but it set to work on it.
    await mounted.verify()
    expect(states).toContain('verifying')
  })
})
