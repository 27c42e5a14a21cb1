import { loadRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerFederation } from './federation';
import './shell.css';

async function start() {
  const config = await loadRuntimeConfig();
  registerFederation(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
