/** `npm run dev`: Umi's dev server forwards API calls to the real server (scripts/dev.mjs). */
const apiPort = process.env.API_PORT ?? '8000';

export default {
  '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true },
};
