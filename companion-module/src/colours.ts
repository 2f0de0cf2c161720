// A colour as Companion takes it (0xRRGGBB), without importing the base at run time (the host harness does not).
export const rgb = (r: number, g: number, b: number): number => (r << 16) + (g << 8) + b
