// Disciplines: list and detail, from the organizer base or the participant-facing base (API key only).
import { z } from 'zod'
import { DisciplineDetail, DisciplineSummary } from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint } from './list-endpoint'

export function disciplinesApi(client: OrganizerClient, from: 'organizer' | 'participant' = 'organizer') {
  return {
    list: () =>
      listEndpoint(client, 'disciplines', {
        base: from,
        auth: 'key',
        path: '/disciplines',
        schema: z.array(DisciplineSummary),
        what: 'the discipline list',
      }),
    get: async (id: string) =>
      (
        await client.request({
          base: from,
          auth: 'key',
          method: 'GET',
          path: `/disciplines/${encodeURIComponent(id)}`,
          schema: DisciplineDetail,
          what: `discipline ${id}`,
        })
      ).data,
  }
}
