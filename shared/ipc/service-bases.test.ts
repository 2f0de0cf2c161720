// One address fills the five base URLs as the public service lays them out.
import { describe, expect, it } from 'vitest'
import { basesFromOrigin } from './service-bases'

describe('base URLs from one address', () => {
  it('lays out the public service exactly as it is', () => {
    expect(basesFromOrigin('https://api.toornament.com')).toEqual({
      organizer: 'https://api.toornament.com/organizer/v2',
      participant: 'https://api.toornament.com/participant/v2',
      v1: 'https://api.toornament.com/v1',
      auth: 'https://api.toornament.com',
      account: 'https://account.toornament.com',
    })
  })

  it('keeps a port and a host without api., ignores a path, and refuses what is not an http(s) address', () => {
    expect(basesFromOrigin(' http://127.0.0.1:8080/anything ')).toMatchObject({
      organizer: 'http://127.0.0.1:8080/organizer/v2',
      account: 'http://127.0.0.1:8080',
    })
    expect(basesFromOrigin('https://api.venue.example:8443')?.account).toBe('https://account.venue.example:8443')
    expect(basesFromOrigin('javascript:alert(1)')).toBeNull()
    expect(basesFromOrigin('not a url')).toBeNull()
  })
})
