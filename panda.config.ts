import { defineConfig } from '@pandacss/dev'

// Placeholder; the Foundation app work fills tokens, recipes and breakpoints.
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
})
