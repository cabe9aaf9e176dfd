import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'web/public',
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        target: 'node20',
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: { main: 'server/main.ts' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: { input: 'web/entry.client.tsx' },
      },
  ssr: { noExternal: [] },
}));
