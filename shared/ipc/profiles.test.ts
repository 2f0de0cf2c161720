// Where a connection's secrets may go: https anywhere; plain http to this machine, or to a private address of the
// venue's own network (a Demo venue shared on the staff network) — which Connect says crosses it in clear — and never
// to a public address.
import { describe, expect, it } from 'vitest'
import { inClearOnNetwork, ServiceBasesInput } from './profiles'

const bases = (origin: string) => ({
  organizer: `${origin}/organizer/v2`,
  participant: `${origin}/participant/v2`,
  v1: `${origin}/v1`,
  auth: origin,
  account: origin,
})

describe('service addresses', () => {
  it('takes https, loopback http and private-network http; refuses http to a public or a near-private address', () => {
    for (const ok of [
      'https://api.example.org',
      'http://127.0.0.1:7400',
      'http://192.168.1.20:7400',
      'http://10.0.0.9',
    ])
      expect(ServiceBasesInput.safeParse(bases(ok)).success).toBe(true)
    for (const refused of ['http://api.example.org', 'http://8.8.8.8', 'http://172.32.0.1', 'http://192.169.0.1']) {
      const parsed = ServiceBasesInput.safeParse(bases(refused))
      expect(parsed.success).toBe(false)
      expect(parsed.error!.issues[0]!.message).toContain('must be an https address')
    }
  })

  it('says which addresses cross the venue network in clear', () => {
    expect(inClearOnNetwork('http://172.16.4.2:7400/organizer/v2')).toBe(true)
    expect(inClearOnNetwork('http://127.0.0.1:7400')).toBe(false)
    expect(inClearOnNetwork('https://192.168.1.20')).toBe(false)
    expect(inClearOnNetwork('not an address')).toBe(false)
  })
})
