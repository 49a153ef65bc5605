import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// STUB — the web shell work replaces this with providers and the router.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <div>TMS</div>
  </StrictMode>,
);
