/// <reference types="vite/client" />
// Flags from the flag-icons package (SVG, MIT), shipped with the app as files of their own (each loaded only when
// shown, so a page carries only the flags it draws, offline): a country code's flag address, or undefined.
const FLAGS = import.meta.glob<string>('../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
})

const byCode = new Map(
  Object.entries(FLAGS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -4).toUpperCase(), url]),
)

/** The flag of an ISO 3166-1 alpha-2 code ("DE"), or undefined when there is none. */
export function flagUrl(code: string | null | undefined): string | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined
}
