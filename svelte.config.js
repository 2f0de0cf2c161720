// Svelte's settings, read alike by the Vite plugin (app, overlays, tests), svelte-check and the Svelte lint rules.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte'

export default {
  preprocess: vitePreprocess(),
  // Every component uses runes: a legacy `export let` or `$:` is an error, not a silent mode switch.
  compilerOptions: { runes: true },
}
