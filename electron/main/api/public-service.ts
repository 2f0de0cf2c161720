// Base URLs of the public Tournament Organizer Service, used by profiles that name no other deployment.
import { basesFromOrigin } from '../../../shared/ipc/service-bases'
import type { ServiceBases } from './client'

export const PUBLIC_SERVICE_BASES: ServiceBases = basesFromOrigin('https://api.toornament.com')!
