#!/usr/bin/env node
// The `scorelane` command. It lives outside dist/ so that npm can link it when
// the workspace is installed, before the first build; it runs the built code.
import('../dist/bin.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/bin.js')) {
    console.error('scorelane is not built yet: run `npm run build` at the repository root first.');
    process.exit(2);
  }
  throw error;
});
