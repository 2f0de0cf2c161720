// Bracket nodes: every filter of /bracket-nodes, in 128-node ranges.
import { z } from 'zod'
import { BracketNode, toQueryString } from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint } from './list-endpoint'

export interface BracketNodeFilters {
  tournament_ids?: string[]
  stage_ids?: string[]
  stage_numbers?: number[]
  group_ids?: string[]
  group_numbers?: number[]
  round_ids?: string[]
  round_numbers?: number[]
  min_depth?: number
  max_depth?: number
}

export function bracketNodesApi(client: OrganizerClient) {
  return {
    list: (filters: BracketNodeFilters = {}) =>
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
