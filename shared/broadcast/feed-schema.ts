// The feed's published JSON Schema, generated from the same zod schema the hub answers with: what a layout, NodeCG
// or vMix reads is described by the code that writes it. Versioned with the feed's path (/feed/v1/).
import { z } from 'zod'
import { Feed } from './feed'

export const FEED_SCHEMA_ID = 'https://matchdesk.app/schemas/feed/v1.json'

export function feedSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(Feed, { io: 'output' }),
    $id: FEED_SCHEMA_ID,
    title: 'Matchdesk stream feed, version 1',
    description:
      "One stream's broadcast feed: the match on air, the queue with estimated starts, where the on-air match leads, " +
      'whether the producer holds it. Names, scores, results and times only.',
  }
}
