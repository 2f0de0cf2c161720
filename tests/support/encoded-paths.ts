// Spellings of a protected path that a router may decode to the same route: every local server must refuse them all.

/** Percent-encodes one character of a path segment ("i" → "%69"). */
const encode = (char: string) => '%' + char.charCodeAt(0).toString(16).padStart(2, '0')

/**
 * Variants of `path` ("/ipc/app:info"): percent-encoded letters (once and twice), dot segments, doubled and encoded
 * slashes, case changes, trailing separators, matrix parameters, query and fragment tricks, and traversal.
 */
export function encodedVariants(path: string): string[] {
  const [first = '', ...rest] = path.split('/').filter(Boolean)
  const tail = rest.length ? '/' + rest.join('/') : ''
  const head = first[0] ?? ''
  const variants = [
    `/${encode(head)}${first.slice(1)}${tail}`,
    `/%25${encode(head).slice(1)}${first.slice(1)}${tail}`,
    `/${[...first].map(encode).join('')}${tail}`,
    `/${first.slice(0, -1)}${encode(first.at(-1) ?? '')}${tail}`,
    `/./${first}${tail}`,
    `//${first}${tail}`,
    `/${first}//${rest.join('/')}`,
    `/${first.toUpperCase()}${tail}`,
    `/${first[0]?.toUpperCase() ?? ''}${first.slice(1)}${tail}`,
    `${path}%2f`,
    `${path}%2F`,
    `${path}/`,
    `${path};`,
    `${path};x=1`,
    `/${first};${tail}`,
    `${path}?`,
    `${path}?x=/../`,
    `/?/${first}${tail}`,
    `/${first}%3f${tail}`,
    `/x/..%2f${first}${tail}`,
    `/x/%2e%2e/${first}${tail}`,
    `/x/../${first}${tail}`,
    `/%2f${first}${tail}`,
    `/${first}%2f${rest.join('/')}`,
    `/%5c${first}${tail}`,
    `/${first}%00${tail}`,
    `/${first}%20${tail}`,
    `/${first}.${tail}`,
    `${path}#`,
    `${path}%23`,
  ]
  if (rest.length) {
    const last = rest.at(-1) ?? ''
    variants.push(
      `/${first}/${rest
        .slice(0, -1)
        .concat(encode(last[0] ?? '') + last.slice(1))
        .join('/')}`,
    )
    variants.push(`/${first}/${rest.join('/').replaceAll(':', '%3a')}`)
  }
  return [...new Set(variants)]
}
