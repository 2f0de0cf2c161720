// Bracket nodes: every filter of /bracket-nodes, in 128-node ranges.
import { z } from 'zod'
import { BracketNode, toQueryString, type BracketNodesQuery } from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint } from './list-endpoint'

export function bracketNodesApi(client: OrganizerClient) {
  return {
    list: (filters: BracketNodesQuery = {}) =>
      listEndpoint(client, 'nodes', {
        base: 'organizer',
        auth: 'token',
        path: '/bracket-nodes',
        query: toQueryString({ ...filters }),
        schema: z.array(BracketNode),
        what: 'the bracket',
      }),
  }
}
