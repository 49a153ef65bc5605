/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  // Test files share a worker's modules (no per-file isolation: 40 s → 5 s); a test sets module state through the
  // modules' own setters (setAntdApp), never vi.mock, which cannot replace a module another file already loaded.
  test: { include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], isolate: false },
});
