// Handlers of sponsors:*: the venue's sponsor slots and their airtime report.
import { AppError } from '../app-error'
import type { SponsorDesk } from '../broadcast/sponsor-desk'
import type { HandlersOf } from './dispatch'

export function sponsorsHandlers(sponsors: SponsorDesk): HandlersOf<'sponsors'> {
  return {
    'sponsors:list': () => sponsors.list(),
    'sponsors:add': (input) => sponsors.add(input),
    'sponsors:update': ({ id, name, seconds, image }) => sponsors.update(id, { name, seconds }, image),
    'sponsors:reorder': ({ ids }) => sponsors.reorder(ids),
    'sponsors:remove': ({ id }) => sponsors.remove(id),
    'sponsors:image': ({ id }) => {
      const image = sponsors.image(id)
      if (!image) throw new AppError('not_found', `No sponsor ${id}: it was removed meanwhile.`)
      return { url: `data:${image.type};base64,${image.bytes.toString('base64')}` }
    },
    'sponsors:airtime': () => sponsors.airtime(),
    'sponsors:reset-airtime': () => sponsors.resetAirtime(),
  }
}
