// Connection profiles and sign-in status as the renderer sees them: secrets go in, only "stored: yes/no" comes out.
import { z } from 'zod'
import { SCOPES } from '../api/enums'
import { requiredText, uri } from '../api/formats'

export const ServiceBasesInput = z.strictObject({
  organizer: uri('organizer', 2000),
  participant: uri('participant', 2000),
  v1: uri('v1', 2000),
  auth: uri('auth', 2000),
  account: uri('account', 2000),
})

const secret = (field: string) =>
  z.string().trim().min(8, `${field} looks too short (at least 8 characters)`).max(4096, `${field} is too long`)

export const ProfileInput = z.strictObject({
  /** Absent for a new profile. */
  id: z.string().min(1).optional(),
  name: requiredText('name', 60),
  clientId: requiredText('clientId', 255),
  /** Write-only: absent keeps the stored key. */
  apiKey: secret('apiKey').optional(),
  method: z.enum(['client-credentials', 'browser'], { error: 'method must be client-credentials or browser' }),
  /** Write-only, for client credentials: absent keeps the stored secret. */
  clientSecret: secret('clientSecret').optional(),
  scopes: z
    .array(z.enum(SCOPES, { error: `scopes must be among ${SCOPES.join(', ')}` }))
    .min(1, 'choose at least one scope'),
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
