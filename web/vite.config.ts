/// <reference types="vitest/config" />
// Vite + Vitest configuration. Root is web/, static assets come from ../public, the build goes
// to ../dist with relative paths so the site works from any folder of any static host.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webDir,
  base: './',
  publicDir: '../public',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  preview: { port: 4173, strictPort: true },
  test: {
    root: webDir,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
