// Renderer tests: the fake bridge in place of window.api before any module reads it, a clean DOM after each test.
import { cleanup } from '@testing-library/svelte'
import { afterEach, beforeEach } from 'vitest'
import { fakeApi, reset } from './fake-api'

window.api = fakeApi
beforeEach(() => reset())
afterEach(() => cleanup())
