// Base URLs of the public Tournament Organizer Service, used by profiles that name no other deployment.
import type { ServiceBases } from './client'

export const PUBLIC_SERVICE_BASES: ServiceBases = {
  organizer: 'https://api.toornament.com/organizer/v2',
  participant: 'https://api.toornament.com/participant/v2',
  v1: 'https://api.toornament.com/v1',
  auth: 'https://api.toornament.com',
  account: 'https://account.toornament.com',
}
