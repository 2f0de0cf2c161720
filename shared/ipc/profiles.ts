// Connection profiles and sign-in status as the renderer sees them: secrets go in, only "stored: yes/no" comes out.
import { z } from 'zod'
import { SCOPES } from '../api/enums'
import { IdInput, requiredText, uri } from '../api/formats'

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain http may reach (nothing crosses a network). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/**
 * A private IPv4 address of a venue's own network (10.x, 172.16–31.x, 192.168.x): where a sandbox shared by several
 * desks answers (`npm run sandbox -- --host`). Plain http may reach it, said in Connect as crossing that network in clear.
 */
export function isPrivateNetworkHost(hostname: string): boolean {
  const parts = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(hostname)
  if (!parts) return false
  const [a, b] = [Number(parts[1]), Number(parts[2])]
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
}

/** Whether plain http goes to a service address over a network (a shared Demo venue on the staff network). */
export function inClearOnNetwork(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' && isPrivateNetworkHost(url.hostname)
  } catch {
    return false
  }
}

/** A service address: https, or http on a loopback host (the sandbox, a local proxy) or a private venue network. */
function serviceBase(field: string) {
  return uri(field, 2000).refine(
    (value) => {
      const url = new URL(value)
      return (
        url.protocol === 'https:' ||
        (url.protocol === 'http:' && (isLoopbackHost(url.hostname) || isPrivateNetworkHost(url.hostname)))
      )
    },
    {
      error: `${field} must be an https address (plain http only for 127.0.0.1, ::1, localhost, or a private network address such as 192.168.1.20)`,
    },
  )
}

export const ServiceBasesInput = z.strictObject({
  organizer: serviceBase('organizer'),
  participant: serviceBase('participant'),
  v1: serviceBase('v1'),
  auth: serviceBase('auth'),
  account: serviceBase('account'),
})

const secret = (field: string) =>
  z.string().trim().min(8, `${field} looks too short (at least 8 characters)`).max(4096, `${field} is too long`)

export const ProfileInput = z.strictObject({
  /** Absent for a new profile. */
  id: IdInput.optional(),
  name: requiredText('name', 60),
  clientId: requiredText('clientId', 255),
  /** Write-only: absent keeps the stored key, unless the base URLs or the client id change (then it is required). */
  apiKey: secret('apiKey').optional(),
  method: z.enum(['client-credentials', 'browser'], { error: 'method must be client-credentials or browser' }),
  /** Write-only, for client credentials: absent keeps the stored secret, under the same rule as apiKey. */
  clientSecret: secret('clientSecret').optional(),
  scopes: z
    .array(z.enum(SCOPES, { error: `scopes must be among ${SCOPES.join(', ')}` }))
    .min(1, 'choose at least one scope')
    .max(SCOPES.length, 'name each scope once'),
  baseUrls: ServiceBasesInput.optional(),
})
export type ProfileInput = z.input<typeof ProfileInput>

export const ProfileView = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  method: z.enum(['client-credentials', 'browser']),
  scopes: z.array(z.enum(SCOPES)),
  baseUrls: ServiceBasesInput.optional(),
  demo: z.boolean(),
  active: z.boolean(),
  stored: z.object({ apiKey: z.boolean(), clientSecret: z.boolean(), refreshToken: z.boolean() }),
})
export type ProfileView = z.infer<typeof ProfileView>

export const AuthStatus = z.object({
  profileId: z.string(),
  method: z.enum(['client-credentials', 'browser']),
  signedIn: z.boolean(),
  /** Epoch milliseconds when the access token expires. */
  expiresAt: z.number().nullable(),
  scopes: z.array(z.string()),
})
export type AuthStatus = z.infer<typeof AuthStatus>

/** What "Test connection" found, step by step; `fields` names the form field holding a wrong value. */
export const ConnectionTestReport = z.object({
  ok: z.boolean(),
  steps: z.array(
    z.object({ step: z.enum(['service', 'token', 'read', 'addresses']), ok: z.boolean(), message: z.string() }),
  ),
  fields: z.record(z.string(), z.string()),
})
export type ConnectionTestReport = z.infer<typeof ConnectionTestReport>

/** The tournament the views work on, as the desk keeps it per connection (restored after a restart). */
export const ChosenTournament = z.strictObject({
  id: IdInput,
  name: requiredText('name', 200),
  /** "single" or "team"; "" when the list did not say. */
  participantType: z.string().max(20, 'participantType: at most 20 characters'),
})
export type ChosenTournament = z.infer<typeof ChosenTournament>
