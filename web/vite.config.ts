import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('../contracts/src', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [{ find: /^@cadenza\/contracts\/(.*)$/, replacement: `${contracts}/$1.ts` }],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    // In development the API runs on its own port; the app is served by Vite.
    proxy: { '^/(api|auth|secure|log-viewer)(/|$)': 'http://127.0.0.1:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
