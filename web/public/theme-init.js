// Sets data-theme before React loads so a dark-theme reader never sees a white flash.
(() => {
  let pref = 'system';
  try {
    pref = localStorage.getItem('theme') || 'system';
  } catch (_) {}
  const dark = pref === 'dark' || (pref === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
