// ISO 3166-1 alpha-2 codes as people read them: "France (FR)", sorted by name, for the tournament list's country filter.
import { COUNTRIES } from '../../../shared/api'
import { namedCodes } from './code-names'

const countries = namedCodes(COUNTRIES, 'region')

export const COUNTRY_OPTIONS = countries.options
export const countryCode = countries.code
