// Saving text the desk made (a CSV, a chapter list) as a file the person keeps: the browser's download, which
// Electron turns into a Save dialog.

/** Offers `text` as a file named `name`. */
export function saveText(text: string, name: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  URL.revokeObjectURL(url)
}
