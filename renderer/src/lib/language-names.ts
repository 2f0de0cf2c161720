// ISO 639-1 codes as people read them: "French (fr)", sorted by name, for the stream language picker.
import { LANGUAGES } from '../../../shared/api'

const names = new Intl.DisplayNames(['en'], { type: 'language' })

export const LANGUAGE_OPTIONS: { code: string; label: string }[] = LANGUAGES.map((code) => ({
  code,
  label: `${names.of(code) ?? code} (${code})`,
})).sort((a, b) => a.label.localeCompare(b.label))
