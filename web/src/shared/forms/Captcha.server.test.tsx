// @vitest-environment node
// The server's render, where no document exists (QuickJS): Preact's React layer renders a <noscript>'s
// children only there, as React does.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Captcha as CaptchaConfig } from '../../gen/pages'
import { LangProvider } from '../../lib/i18n'
import { PageContext, type Page } from '../../lib/router'
import { Altcha } from './components/Altcha'

const configs: CaptchaConfig[] = [
  { provider: 'turnstile', siteKey: '0x4AAAAAAABkMYinukE8nzY', script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit' },
  { provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001', script: 'https://js.hcaptcha.com/1/api.js?render=explicit' },
  { provider: 'recaptcha', siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', script: 'https://www.google.com/recaptcha/api.js?render=explicit' },
]

describe('Captcha on the server', () => {
  it.each(configs)('tells a visitor without JavaScript that the $provider form needs it', (captcha) => {
    const page: Page = { component: 'Page', url: '/fr/contact/', version: 'v1', props: { site: { lang: 'fr', captcha } } }
    const html = renderToString(
      <PageContext.Provider value={page}>
        <LangProvider lang="fr"><form aria-label="request"><Altcha /></form></LangProvider>
      </PageContext.Provider>,
    )
    expect(html).toContain('<noscript><p class="captcha-noscript">Ce formulaire nécessite JavaScript')
    expect(html).not.toContain('<script')
  })
})
