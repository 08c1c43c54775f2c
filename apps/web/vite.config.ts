import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API and the socket to the Fastify server of `npm run dev` (:3000).
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
