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
    rollupOptions: {
      // embed.html is the same app in embed mode, for an iframe src without a query string.
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)), embed: fileURLToPath(new URL('embed.html', import.meta.url)) },
    },
  },
  preview: { port: 4173, strictPort: true },
  test: {
    root: webDir,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
