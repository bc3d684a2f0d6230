import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { webBudget } from './web-budget.ts';

export default defineConfig({
  plugins: [react(), webBudget()],
  css: {
    postcss: { plugins: [mantinePreset()] },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    // WEB_OUT_DIR lets parallel checkouts of work build side by side without clobbering one dist/.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every screen is its own lazy chunk; the shell stays small (docs/design.md §11: ≤ 300 KB gzip initial).
    chunkSizeWarningLimit: 600,
  },
});
