// Every resource of the Organizer interface behind one client.
import { bracketNodesApi } from './bracket-nodes'
import { OrganizerClient, type ClientConfig } from './client'
import { disciplinesApi } from './disciplines'
import { participantsApi } from './participants'
import { stagesApi } from './stages'
import { streamsApi } from './streams'
import { tournamentsApi } from './tournaments'

export function organizerApi(config: ClientConfig) {
  const client = new OrganizerClient(config)
  return {
    client,
    participants: participantsApi(client),
    stages: stagesApi(client),
    bracketNodes: bracketNodesApi(client),
    streams: streamsApi(client),
    disciplines: disciplinesApi(client, 'organizer'),
    participantDisciplines: disciplinesApi(client, 'participant'),
    tournaments: tournamentsApi(client),
  }
}

export type OrganizerApi = ReturnType<typeof organizerApi>
