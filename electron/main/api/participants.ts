// Participants: /participants and the deprecated tournament-scoped family.
import type { z } from 'zod'
import {
  LegacyParticipant,
  Participant,
  ParticipantDetailed,
  type LegacyParticipantCreate,
  type ParticipantsQuery,
  type ParticipantCreate,
  type PlayerParticipantUpdate,
  type TeamParticipantUpdate,
} from '../../../shared/api'
import type { OrganizerClient } from './client'
import { resourceEndpoints } from './resource'

type Update = PlayerParticipantUpdate | TeamParticipantUpdate

export function participantsApi(client: OrganizerClient) {
  return {
    ...resourceEndpoints<typeof Participant, typeof ParticipantDetailed, ParticipantCreate, Update, ParticipantsQuery>(
      client,
      {
        unit: 'participants',
        root: '/participants',
        listItem: Participant,
        item: ParticipantDetailed,
        noun: 'participant',
      },
    ),
    /** The deprecated /tournaments/{tournament_id}/participants routes: detailed forms without type and logo. */
    legacy: (tournamentId: string) =>
      resourceEndpoints<
        typeof LegacyParticipant,
        typeof LegacyParticipant,
        z.input<typeof LegacyParticipantCreate>,
        Update,
        Pick<ParticipantsQuery, 'name' | 'sort'>
      >(client, {
        unit: 'participants',
        root: `/tournaments/${encodeURIComponent(tournamentId)}/participants`,
        listItem: LegacyParticipant,
        item: LegacyParticipant,
        noun: 'participant',
      }),
  }
}
