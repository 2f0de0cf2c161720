// What counts as the app's own page: the exact renderer file, or the dev server's origin.
import { describe, expect, it } from 'vitest'
import { pathToFileURL } from 'node:url'
import { isAppUrl } from './app-origin'

const rendererFile = '/opt/Matchdesk/resources/app.asar/out/renderer/index.html'
const packaged = { rendererFile }

describe('isAppUrl', () => {
  it('accepts the packaged renderer file, with a hash', () => {
    expect(isAppUrl(packaged, `${pathToFileURL(rendererFile).href}#bracket`)).toBe(true)
  })

  it('refuses other files, other schemes and junk', () => {
    expect(isAppUrl(packaged, 'file:///etc/passwd')).toBe(false)
    expect(isAppUrl(packaged, 'https://example.org/')).toBe(false)
    expect(isAppUrl(packaged, 'javascript:alert(1)')).toBe(false)
    expect(isAppUrl(packaged, 'not a url')).toBe(false)
  })

  it('in development accepts only the dev server origin', () => {
    const dev = { rendererFile, devServerUrl: 'http://localhost:5173/' }
    expect(isAppUrl(dev, 'http://localhost:5173/index.html')).toBe(true)
    expect(isAppUrl(dev, 'http://localhost:5174/')).toBe(false)
    expect(isAppUrl(dev, 'http://localhost.evil.example:5173/')).toBe(false)
  })
})
