// Registers the service worker (docs/pwa.md) once the page has loaded, so installing it
// and precaching never compete with the first render (ui-guide budgets). Production builds only:
// the dev server has no /sw.js.

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a blocked scope): the site works the same, only not offline.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  // A deploy removed a chunk this page still refers to (it was never fetched, so no cache has it):
  // load the page again, once, to run the new version instead of showing a broken route.
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem('pwa-reloaded') === location.pathname) return;
    sessionStorage.setItem('pwa-reloaded', location.pathname);
    event.preventDefault();
    location.reload();
  });
}
