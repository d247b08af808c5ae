import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/i18n';
import { App } from '@/app/App';
import '@/app/styles/base.css';
import '@/app/styles/layout.css';
// The shared component styles, split by component; this order is their cascade order.
import '@/app/styles/components/basics.css';
import '@/app/styles/components/menus-modal.css';
import '@/app/styles/components/card-forms-tables.css';
import '@/app/styles/components/rewards-lists.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
