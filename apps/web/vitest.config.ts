import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and component tests run in happy-dom; the device-bundle plugin is for builds only.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  },
});
