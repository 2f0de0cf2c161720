// electron-vite: the main process, the sandboxed preload (one CommonJS file) and the renderer.
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'
import { rendererConfig } from './renderer/vite.config'

const here = import.meta.dirname

export default defineConfig({
  main: {
    build: {
      outDir: resolve(here, 'out/main'),
      rolldownOptions: { input: { index: resolve(here, 'electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: resolve(here, 'out/preload'),
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig(here),
})
