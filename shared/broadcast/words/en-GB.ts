// The overlays' fixed words in British English (the Demo venue's default locale): American English but for the
// casters' heading.
import type { Catalogue } from './catalogue'
import { enUS } from './en-US'

export const enGB: Catalogue = { ...enUS, casters: { title: { one: 'Commentator', other: 'Commentators' } } }
