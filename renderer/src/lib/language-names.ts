// ISO 639-1 codes as people read them: "French (fr)", sorted by name, for the stream language picker. A name is
// English ("french"); "Français" is not known, so the form shows the field's error.
import { LANGUAGES } from '../../../shared/api'
import { namedCodes } from './code-names'

const languages = namedCodes(LANGUAGES, 'language')

export const LANGUAGE_OPTIONS = languages.options
export const languageLabel = languages.label
export const languageCode = languages.code
