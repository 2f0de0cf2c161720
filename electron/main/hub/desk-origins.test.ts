// The device pages' connect-src names the venue's desks, whose addresses came from other desks over the LAN: a hostile
// desk's address cannot widen the policy or add a directive — only plain http(s) origins are kept, each once.
import { describe, expect, it } from 'vitest'
import { deskOrigins } from './hub-context'

const desks = (...urls: string[]) => ({
  venueDesks: () => urls.map((url, i) => ({ deskId: `d${i}`, name: `Desk ${i}`, url, publicKey: 'k'.repeat(43) })),
})

describe('the venue desks in a device page’s policy', () => {
  it('keeps plain http(s) origins and passes over anything that would change the policy', () => {
    expect(
      deskOrigins(
        desks(
          'http://10.0.0.2:7310/some/path?x=1',
          'http://10.0.0.2:7310',
          'https://[fe80::1]:7310',
          "http://x; script-src 'unsafe-inline' *",
          'http://*:7310',
          'javascript:alert(1)',
          'data:text/html,hi',
          'ws://10.0.0.3:7310',
          'not a url',
        ),
      ),
    ).toEqual(['http://10.0.0.2:7310', 'https://[fe80::1]:7310'])
    expect(deskOrigins({})).toEqual([])
  })
})
