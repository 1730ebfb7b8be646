import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { newTabAttrs, opensNewTab, withNewTabLinks } from './links'
import { SmartLink } from './ui/SmartLink'

describe('opensNewTab', () => {
  it('opens http, //, tel: and mailto: links in a new tab', () => {
    for (const h of ['http://x.be', 'https://x.be', 'HTTPS://X.BE', '//cdn.x.be/a.jpg', 'tel:+3263224455', 'mailto:info@x.be', '  http://x', 'Mailto:a@b'])
      expect(opensNewTab(h), h).toBe(true)
  })
  it('keeps site paths in the tab', () => {
    for (const h of ['/fr/a-vendre/', 'a-vendre/', '?setcookies', '#main', '', 'javascript:void(0)', '/http'])
      expect(opensNewTab(h), h).toBe(false)
  })
  it('gives target and rel', () => {
    expect(newTabAttrs('https://x.be')).toEqual({ target: '_blank', rel: 'noopener' })
    expect(newTabAttrs('/fr/')).toEqual({})
  })
  it('SmartLink renders both kinds', () => {
    expect(renderToString(createElement(SmartLink, { href: 'mailto:a@b.be' }, 'mail'))).toBe(
      '<a href="mailto:a@b.be" target="_blank" rel="noopener">mail</a>',
    )
    expect(renderToString(createElement(SmartLink, { href: '/fr/contact/' }, 'contact'))).toBe('<a href="/fr/contact/">contact</a>')
  })
  it('applies the rule to configuration HTML', () => {
    expect(withNewTabLinks('<p>Tél. <a href="tel:+3263224455">063</a> <a class="x" href=\'https://x.be\'>x</a></p>')).toBe(
      '<p>Tél. <a href="tel:+3263224455" target="_blank" rel="noopener">063</a> <a class="x" href=\'https://x.be\' target="_blank" rel="noopener">x</a></p>',
    )
    expect(withNewTabLinks('<a href="/fr/a-vendre/">x</a><a href="?setcookies">y</a>')).toBe('<a href="/fr/a-vendre/">x</a><a href="?setcookies">y</a>')
    expect(withNewTabLinks('<a href="https://x.be" target="_self" rel="me">x</a>')).toBe('<a href="https://x.be" target="_self" rel="me">x</a>')
    expect(withNewTabLinks('<a href="mailto:a@b.be" rel="nofollow">x</a><abbr>y</abbr>')).toBe('<a href="mailto:a@b.be" rel="nofollow" target="_blank">x</a><abbr>y</abbr>')
  })
})
