// What a match's label is made of, so an overlay can say it in the viewers' language (see ./words): the feed's and the
// stage board's matches carry it.
import { z } from 'zod'

export const MatchName = z.object({
  kind: z.enum(['round', 'final', 'grand-final', 'grand-final-reset']),
  branch: z.enum(['winners', 'losers']).nullable(),
  group: z.string().nullable(),
  round: z.number().int(),
  match: z.number().int(),
})
export type MatchName = z.infer<typeof MatchName>

/** What an empty slot waits for (the winner or loser of a match; both null: not known); null once it has its participant. */
export const SlotWait = z
  .object({ outcome: z.enum(['winner', 'loser']).nullable(), match: MatchName.nullable() })
  .nullable()
  .default(null)
export type SlotWait = z.infer<typeof SlotWait>
