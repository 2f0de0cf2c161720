// The renderer's Vite config, shared by electron-vite (desktop build) and `npm run build:renderer` (web mode): the
// app (index.html), and the pages the broadcast hub serves (overlay.html; door.html for pairing and doors), from the
// same components.
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { resolve } from 'node:path'
import { defineConfig, type UserConfig } from 'vite'

/** Paths are resolved from the project root, which the caller passes (bundled configs lose their own location). */
export function rendererConfig(projectRoot: string): UserConfig {
  const root = resolve(projectRoot, 'renderer')
  return {
    root,
    base: './',
    plugins: [svelte()],
    build: {
      outDir: resolve(projectRoot, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite would otherwise ship the renderer unminified (its default); Vite alone minifies anyway.
      minify: true,
      rolldownOptions: {
        input: {
          index: resolve(root, 'index.html'),
          overlay: resolve(root, 'overlay.html'),
          door: resolve(root, 'door.html'),
        },
      },
    },
  }
}

export default defineConfig(rendererConfig(resolve(import.meta.dirname, '..')))
