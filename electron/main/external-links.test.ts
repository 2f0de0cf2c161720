// Only https pages and the Demo venue's loopback sign-in page may be handed to the system browser.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isOpenableUrl } from './external-links'

describe('isOpenableUrl', () => {
  it('opens https stream links and the loopback sign-in page', () => {
    expect(isOpenableUrl('https://www.twitch.tv/matchdesk')).toBe(true)
    expect(isOpenableUrl('https://account.example.org/oauth2/authorize?client_id=x')).toBe(true)
    expect(isOpenableUrl('http://127.0.0.1:41234/oauth2/authorize?state=s')).toBe(true)
  })

  it('refuses other schemes, look-alike loopback hosts, credentials in the address, and junk', () => {
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      'ftp://example.org/',
      'http://twitch.tv/x',
      'http://127.0.0.1.evil.example/oauth2/authorize',
      'http://127.0.0.1:80/other',
      'http://localhost/oauth2/authorize',
      'https://user:pass@example.org/',
      'https://',
      'not a url',
      '',
      '   ',
      'HTTPS//example.org',
    ]) {
      expect(isOpenableUrl(url), url).toBe(false)
    }
  })

  it('never opens anything but https, or http to exactly 127.0.0.1/oauth2/authorize, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc
            .constantFrom('javascript:', 'file:', 'data:', 'chrome:', 'about:')
            .chain((s) => fc.string().map((r) => s + r)),
        ),
        (candidate) => {
          if (!isOpenableUrl(candidate)) return
          const url = new URL(candidate)
          const loopback =
            url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.pathname === '/oauth2/authorize'
          expect(url.protocol === 'https:' || loopback).toBe(true)
          expect(url.username + url.password).toBe('')
        },
      ),
      { numRuns: 2000, seed: 7 },
    )
  })
})
