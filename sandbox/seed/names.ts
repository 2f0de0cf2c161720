// Deterministic names for players, teams and streams of the Demo venue.
import type { Rng } from '../store/rng'

const FIRST = [
  'Nova',
  'Blaze',
  'Echo',
  'Frost',
  'Vex',
  'Kairo',
  'Lumen',
  'Mako',
  'Onyx',
  'Pixel',
  'Quill',
  'Rune',
  'Sable',
  'Talon',
  'Umbra',
  'Vale',
  'Wren',
  'Xeno',
  'Yuki',
  'Zephyr',
  'Astra',
  'Bolt',
  'Cinder',
  'Drift',
  'Ember',
  'Flux',
  'Grit',
  'Halo',
  'Iris',
  'Jinx',
]
const LAST = [
  'fox',
  'wolf',
  'hawk',
  'storm',
  'byte',
  'fang',
  'spark',
  'shade',
  'volt',
  'dash',
  'stone',
  'blade',
  'drake',
  'pulse',
  'viper',
  'comet',
  'raven',
  'frost',
  'lynx',
  'orbit',
]
const CITIES = [
  'Lyon',
  'Berlin',
  'Madrid',
  'Oslo',
  'Porto',
  'Gdansk',
  'Leeds',
  'Turin',
  'Ghent',
  'Malmo',
  'Brno',
  'Cork',
  'Bilbao',
  'Lille',
  'Bremen',
  'Split',
]
const MASCOTS = [
  'Wolves',
  'Falcons',
  'Titans',
  'Vipers',
  'Comets',
  'Ravens',
  'Sharks',
  'Lynx',
  'Phoenix',
  'Owls',
  'Bears',
  'Hornets',
  'Foxes',
  'Dragons',
  'Knights',
  'Rhinos',
]
export const COUNTRY_POOL = ['FR', 'DE', 'ES', 'GB', 'NL', 'BE', 'PL', 'IT', 'SE', 'PT', 'US', 'BR', 'JP', 'KR']

export class NameMaker {
  private readonly used = new Set<string>()

  constructor(private readonly rng: Rng) {}

  private unique(make: () => string): string {
    let name = make()
    for (let n = 2; this.used.has(name); n++) name = `${make()} ${n}`
    this.used.add(name)
    return name
  }

  /** Marks a name as used (a venue read back from disk already has it). */
  take(name: string): void {
    this.used.add(name)
  }

  player(): string {
    return this.unique(() => `${this.rng.pick(FIRST)}${this.rng.pick(LAST)}`)
  }

  team(): string {
    return this.unique(() => `${this.rng.pick(CITIES)} ${this.rng.pick(MASCOTS)}`)
  }
}
