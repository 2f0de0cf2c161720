// Light or dark theme (dark by default: casters work in dim venues), remembered between runs.
export type Theme = 'dark' | 'light'
const KEY = 'matchdesk.theme'

class ThemeState {
  current = $state<Theme>(readStored())

  toggle(): void {
    this.current = this.current === 'dark' ? 'light' : 'dark'
    localStorage.setItem(KEY, this.current)
  }
}

function readStored(): Theme {
  return localStorage.getItem(KEY) === 'light' ? 'light' : 'dark'
}

export const theme = new ThemeState()
